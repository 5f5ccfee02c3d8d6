// GoogleTest main with a QApplication on the offscreen platform (widgets, fonts, image codecs).
#include <gtest/gtest.h>

#include <QApplication>

#include "fresh_settings.hpp"

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  rl::test::fresh_settings_folder();  // before Qt reads any setting
  QApplication app(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
