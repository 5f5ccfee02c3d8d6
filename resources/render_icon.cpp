// Build-time tool: renders the SVG application icon to a square PNG of the given size for the
// hicolor icon theme. Usage: rl_render_icon ICON.svg OUT.png SIZE
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fputs("usage: rl_render_icon ICON.svg OUT.png SIZE\n", stderr);
    return 2;
  }
  const int size = std::atoi(argv[3]);
  if (size < 1 || size > 4096) {
    std::fprintf(stderr, "rl_render_icon: bad size '%s'\n", argv[3]);
    return 2;
  }
  QSvgRenderer svg{QString::fromLocal8Bit(argv[1])};
  if (!svg.isValid()) {
    std::fprintf(stderr, "rl_render_icon: cannot read SVG %s\n", argv[1]);
    return 1;
  }
  QImage img(size, size, QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::transparent);
  {
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    svg.render(&p);
  }
  if (!img.save(QString::fromLocal8Bit(argv[2]), "PNG")) {
    std::fprintf(stderr, "rl_render_icon: cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
