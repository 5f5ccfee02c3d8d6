// What resizelab's option parser says of a command line, for the option tests.
#pragma once

#include <gtest/gtest.h>

#include <QString>
#include <QStringList>

#include "resizelab_request.hpp"

namespace rl::test {

// The message parse_request throws for `args` (after the program name) in `mode`, checked to come
// with exit code 2; empty when it accepts them.
inline QString request_error(const QStringList& args, rl::app::OptionMode mode) {
  try {
    rl::app::parse_request(QStringList{"resizelab"} + args, mode);
  } catch (const rl::app::CommandLineError& e) {
    EXPECT_EQ(e.code, 2) << args.join(' ').toStdString();
    return e.message;
  }
  return {};
}

}  // namespace rl::test
