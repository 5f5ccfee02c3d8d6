// Parsing of scales, sizes and switches as the command line and the viewer accept them.
#include "rl/parse.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace rl {
namespace {

TEST(Parse, ScalesAcceptDecimalsAndFractions) {
  EXPECT_EQ(parse_scale_value("0.5"), 0.5);
  EXPECT_EQ(parse_scale_value("1/3"), 1.0 / 3.0);  // the double p/q, as MATLAB's 1/3
  EXPECT_EQ(parse_scale_value(" 2 "), 2.0);
  EXPECT_EQ(parse_scale_value("3/2"), 1.5);
  EXPECT_EQ(parse_scale("0.5,2"), (std::pair{0.5, 2.0}));
  EXPECT_EQ(parse_scale("1/4"), (std::pair{0.25, 0.25}));
}

TEST(Parse, BadScalesFailWithAMessage) {
  for (const char* bad :
       {"0", "-1", "nan", "inf", "1/0", "abc", "", "1/3/4", "2x", "0/5", "1e999", "1,2,3"}) {
    try {
      parse_scale(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("scale"), std::string::npos) << e.what();
    }
  }
}

TEST(Parse, Sizes) {
  EXPECT_EQ(parse_size("123,234"), (std::pair{123.0, 234.0}));
  const auto [r, c] = parse_size("NaN,50");
  EXPECT_TRUE(std::isnan(r));
  EXPECT_EQ(c, 50.0);
  for (const char* bad : {"NaN,NaN", "0,5", "-3,4", "1.5,2", "5", "a,b", "3,4,5", "inf,3"})
    EXPECT_THROW(parse_size(bad), std::invalid_argument) << bad;
}

TEST(Parse, OnOff) {
  EXPECT_TRUE(parse_on_off("on"));
  EXPECT_FALSE(parse_on_off("OFF"));
  EXPECT_THROW(parse_on_off("maybe"), std::invalid_argument);
}

}  // namespace
}  // namespace rl
