// The compute-in-memory helper functions against AccelForge's own Python (the expected
// values below were printed by examples/arches/compute_in_memory/_include_functions.py and
// neurram_nature_2022_helper_functions.py at AccelForge commit 1c1929c2).
#include <QTest>

#include "text/expr/builtins.h"
#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"
#include "text/expr/parser.h"

using namespace af::text::expr;

namespace {

Value eval(const std::string& text) {
  Environment env;
  env.set("ih", Value::list({0, 0, 0, 3, 2, 1, 0}));
  env.set("wh", Value::list(std::vector<Value>(15, Value(1))));
  return evaluate(parse_expression(text), env, EvalContext{.builtins = &math_functions()});
}

}  // namespace

class TestCimFunctions : public QObject {
  Q_OBJECT
 private slots:
  void matches_accelforge_data() {
    QTest::addColumn<QString>("expression");
    QTest::addColumn<double>("expected");
    QTest::newRow("offset inputs") << "encoded_hist_to_avg_slice(offset_encode_hist(ih), 8, 8)"
                                   << 0.5276688453159042;
    QTest::newRow("offset weights") << "encoded_hist_to_avg_slice(offset_encode_hist(wh), 8, 8)"
                                    << 0.46666666666666656;
    QTest::newRow("magnitude, slices of 3")
        << "encoded_hist_to_avg_slice(magnitude_encode_hist(wh), 7, 3)" << 0.38095238095238093;
    QTest::newRow("xnor, full range")
        << "encoded_hist_to_avg_slice(xnor_encode_hist(wh), 6, 2, True)" << 0.5333333333333333;
    QTest::newRow("zero-gated xnor, listed slices")
        << "encoded_hist_to_avg_slice(zero_gated_xnor_encode_hist(wh), 6, [2, 4])" << 0.2644444444444444;
    QTest::newRow("two-part if signed (unsigned)")
        << "encoded_hist_to_avg_slice(two_part_magnitude_encode_if_signed_hist(ih), 4, 2)"
        << 0.2361111111111111;
    QTest::newRow("offset if signed (signed)")
        << "encoded_hist_to_avg_slice(offset_encode_if_signed_hist([1, 2, 3, 4, 3, 2, 1]), 3, 1)"
        << 0.4583333333333333;
    QTest::newRow("third bit slice")
        << "encoded_hist_to_avg_slice(offset_encode_hist(ih), 8, 1, return_per_slice=True)[2]"
        << 0.6666666666666666;
    QTest::newRow("bits past the encoding")
        << "encoded_hist_to_avg_slice(offset_encode_hist(ih), 8, 1, return_per_slice=True)[7]"
        << 0.5555555555555556;
    QTest::newRow("two phases") << "sum_map(bits2integration_steps, bits2phase_2phase(8, 4))" << 30.0;
    QTest::newRow("one phase") << "sum_map(bits2integration_steps, bits2phase_1phase(5))" << 31.0;
    QTest::newRow("phase output bits") << "sum_phase_out_bits(10, bits2phase_2phase(7, 4))" << 16.0;
    QTest::newRow("magnitude histogram") << "sum(hist_to_magnitude([1, 2, 3, 4, 5, 6, 7]))" << 24.0;
    QTest::newRow("signed histogram") << "is_hist_signed(ih) + 2 * is_hist_signed([1, 0, 0])" << 2.0;
  }
  void matches_accelforge() {
    QFETCH(QString, expression);
    QFETCH(double, expected);
    const double got = eval(expression.toStdString()).as_double();
    QVERIFY2(std::abs(got - expected) <= 1e-12 * std::max(1.0, std::abs(expected)),
             qPrintable(QString("%1 gave %2, AccelForge %3")
                            .arg(expression)
                            .arg(got, 0, 'g', 17)
                            .arg(expected, 0, 'g', 17)));
  }

  void an_encoding_is_a_value_a_spec_can_pick() {
    // basic_analog.yaml: `input_encoding_func: offset_encode_hist`, then `in_enc_fn(inputs_hist)`.
    QCOMPARE(eval("(offset_encode_hist if True else xnor_encode_hist)(ih)[3][1]").as_double(), 0.5);
    QCOMPARE(eval("len(xnor_encode_hist(wh)[0][0])").as_int(), Int{6});  // 4 bits and two halves
  }

  void bad_histograms_say_why() {
    for (const char* text :
         {"offset_encode_hist([1, 2, 3, 4])", "offset_encode_hist([0, 0, 0])",
          "encoded_hist_to_avg_slice(offset_encode_hist(ih), 8, [3, 3])", "offset_encode_hist(3)"}) {
      try {
        (void)eval(text);
        QFAIL(qPrintable(QString("no error for %1").arg(text)));
      } catch (const ExpressionError& e) {
        QVERIFY2(std::string(e.what()).find("()") != std::string::npos, e.what());  // names the function
      }
    }
  }
};

QTEST_APPLESS_MAIN(TestCimFunctions)
#include "test_cim_functions.moc"
