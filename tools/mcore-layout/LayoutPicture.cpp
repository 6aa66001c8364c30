//===- LayoutPicture.cpp - Register layouts as pictures -------------------===//
//
// See LayoutPicture.h. Everything drawn comes from getLayoutCells (the
// catalog); this file only decides where it goes and what colour it is.
//
//===----------------------------------------------------------------------===//

#include "LayoutPicture.h"

#include "mcore/Target/Describe.h"
#include "mcore/Target/Packing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <vector>

using namespace llvm;
using namespace mlir::mcore;

namespace {

//===----------------------------------------------------------------------===//
// Geometry and colour
//===----------------------------------------------------------------------===//

constexpr double kCharWidth = 0.602; ///< DejaVu Sans Mono's advance, in em
constexpr double kCellFont = 9, kHeadFont = 9, kTitleFont = 13,
                 kCaptionFont = 11;
constexpr double kRowHeight = 15, kPad = 6, kGap = 28, kMargin = 16;
constexpr double kMaxRowWidth = 1600; ///< side-by-side grids wrap here

double textWidth(StringRef s, double font) {
  return double(s.size()) * kCharWidth * font;
}

std::string escape(StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// A light colour for value `v` of `n`: hues spread around the circle in
/// steps of 7 (or 1) so that neighbouring values differ strongly, with
/// alternating lightness; dark text stays readable on all of them.
std::string colour(unsigned v, unsigned n) {
  n = std::max(n, 1u);
  unsigned step = std::gcd(7u, n) == 1 ? 7 : 1;
  double hue = 360.0 * double((v * step) % n) / double(n);
  return formatv("hsl({0:f0},75%,{1}%)", hue, v % 2 ? 86 : 77).str();
}

std::string bitRange(unsigned lo, unsigned bits) {
  return formatv("[{0}:{1}]", lo + bits - 1, lo).str();
}

/// A cell's text: at most two lines, and the <title> tooltip.
struct Cell {
  std::string line1, line2, tooltip, fill;
};

/// A grid of cells with column and row headings, drawn at an offset.
struct Grid {
  std::string caption, subtitle;
  std::string corner;                   ///< top-left heading cell
  std::vector<std::string> colHead1;    ///< first heading line per column
  std::vector<std::string> colHead2;    ///< second line ("" for none)
  std::vector<std::string> rowHead;     ///< per row
  std::vector<std::vector<Cell>> cells; ///< [row][col]
  std::vector<unsigned> rowBreaks;      ///< thicker lines above these rows
  std::vector<unsigned> colBreaks;      ///< and left of these columns
  double cellWidth = 0, headWidth = 0, rowHeight = kRowHeight;
  bool twoLineCells = false;

  double headHeight() const {
    bool two = llvm::any_of(colHead2, [](auto &s) { return !s.empty(); });
    return two ? 2 * kRowHeight : kRowHeight;
  }
  double captionHeight() const {
    return (caption.empty() ? 0 : kCaptionFont + 6) +
           (subtitle.empty() ? 0 : kCellFont + 6);
  }
  double gridTop() const { return captionHeight() + headHeight(); }
  double width() const {
    double w = headWidth + cellWidth * double(colHead1.size());
    w = std::max(w, textWidth(caption, kCaptionFont));
    return std::max(w, textWidth(subtitle, kCellFont));
  }
  double height() const { return gridTop() + rowHeight * double(cells.size()); }

  /// Widths and heights from the text; call once the grid is filled.
  void measure() {
    cellWidth = 0;
    for (auto &row : cells)
      for (const Cell &c : row)
        cellWidth = std::max({cellWidth, textWidth(c.line1, kCellFont),
                              textWidth(c.line2, kCellFont)});
    for (size_t i = 0; i < colHead1.size(); ++i)
      cellWidth = std::max({cellWidth, textWidth(colHead1[i], kHeadFont),
                            textWidth(colHead2[i], kHeadFont)});
    cellWidth += kPad;
    headWidth = textWidth(corner, kHeadFont) + kPad;
    for (const std::string &h : rowHead)
      headWidth = std::max(headWidth, textWidth(h, kHeadFont) + kPad);
    rowHeight = twoLineCells ? 2 * kCellFont + 9 : kRowHeight;
  }

  std::string name; ///< the panel's name in the SVG ("A", "index", ...)

  /// Draws the grid at (x, y); `colourClass` names the CSS class of each
  /// cell colour.
  void print(raw_ostream &os, double x, double y, bool tooltips,
             const StringMap<std::string> &colourClass) const;
};

void Grid::print(raw_ostream &os, double x, double y, bool tooltips,
                 const StringMap<std::string> &colourClass) const {
  os << formatv("<g class=\"panel\" id=\"{0}\" "
                "transform=\"translate({1:f1},{2:f1})\">\n",
                name, x, y);
  double cy = 0;
  if (!caption.empty()) {
    cy += kCaptionFont + 2;
    os << formatv("<text class=\"cap\" x=\"0\" y=\"{0:f1}\">{1}</text>\n", cy,
                  escape(caption));
    cy += 4;
  }
  if (!subtitle.empty()) {
    cy += kCellFont + 2;
    os << formatv("<text class=\"sub\" x=\"0\" y=\"{0:f1}\">{1}</text>\n", cy,
                  escape(subtitle));
    cy += 4;
  }
  double top = gridTop();
  // Headings.
  double hh = headHeight();
  os << formatv("<text class=\"h\" x=\"{0:f1}\" y=\"{1:f1}\">{2}</text>\n",
                headWidth / 2, top - kRowHeight / 2 + 3, escape(corner));
  for (size_t c = 0; c < colHead1.size(); ++c) {
    double cx = headWidth + cellWidth * (double(c) + 0.5);
    bool two = !colHead2[c].empty();
    os << formatv("<text class=\"h\" x=\"{0:f1}\" y=\"{1:f1}\">{2}</text>\n",
                  cx, top - hh + kRowHeight / 2 + 3, escape(colHead1[c]));
    if (two)
      os << formatv("<text class=\"h\" x=\"{0:f1}\" y=\"{1:f1}\">{2}</text>\n",
                    cx, top - kRowHeight / 2 + 3, escape(colHead2[c]));
  }
  // Rows.
  for (size_t r = 0; r < cells.size(); ++r) {
    double ry = top + rowHeight * double(r);
    os << formatv("<g class=\"row\" transform=\"translate(0,{0:f1})\">", ry);
    os << formatv("<text class=\"h\" x=\"{0:f1}\" y=\"{1:f1}\">{2}</text>",
                  headWidth / 2, rowHeight / 2 + 3, escape(rowHead[r]));
    // The cells' backgrounds: one rectangle per cell with tooltips, else
    // one per run of cells of a colour (the separators come after).
    const std::vector<Cell> &row = cells[r];
    for (size_t c = 0, end; c < row.size(); c = end) {
      end = c + 1;
      if (!tooltips)
        while (end < row.size() && row[end].fill == row[c].fill)
          ++end;
      os << formatv("<rect x=\"{0:f1}\" width=\"{1:f1}\" height=\"{2:f1}\" "
                    "class=\"{3}\"",
                    headWidth + cellWidth * double(c),
                    cellWidth * double(end - c), rowHeight,
                    colourClass.lookup(row[c].fill));
      if (tooltips)
        os << "><title>" << escape(row[c].tooltip) << "</title></rect>";
      else
        os << "/>";
    }
    auto printLine = [&](double baseline, std::string Cell::*line) {
      os << formatv("<text y=\"{0:f1}\">", baseline);
      for (size_t c = 0; c < cells[r].size(); ++c)
        if (!(cells[r][c].*line).empty())
          os << formatv("<tspan x=\"{0:f1}\">{1}</tspan>",
                        headWidth + cellWidth * (double(c) + 0.5),
                        escape(cells[r][c].*line));
      os << "</text>";
    };
    if (twoLineCells) {
      printLine(rowHeight / 2 - 1.5, &Cell::line1);
      printLine(rowHeight / 2 + kCellFont - 0.5, &Cell::line2);
    } else {
      printLine(rowHeight / 2 + 3, &Cell::line1);
    }
    os << "</g>\n";
  }
  // White lines between the cells, thick lines between groups, the frame.
  double w = headWidth + cellWidth * double(colHead1.size());
  double bottom = top + rowHeight * double(cells.size());
  os << "<path class=\"s\" d=\"";
  for (size_t c = 1; c < colHead1.size(); ++c)
    os << formatv("M{0:f1} {1:f1}V{2:f1}", headWidth + cellWidth * double(c),
                  top, bottom);
  for (size_t r = 1; r < cells.size(); ++r)
    os << formatv("M{0:f1} {1:f1}H{2:f1}", headWidth,
                  top + rowHeight * double(r), w);
  os << "\"/>\n";
  for (unsigned r : rowBreaks)
    os << formatv("<line class=\"g\" x1=\"{0:f1}\" y1=\"{1:f1}\" x2=\"{2:f1}\" "
                  "y2=\"{1:f1}\"/>\n",
                  headWidth, top + rowHeight * double(r), w);
  for (unsigned c : colBreaks)
    os << formatv("<line class=\"g\" x1=\"{0:f1}\" y1=\"{1:f1}\" x2=\"{0:f1}\" "
                  "y2=\"{2:f1}\"/>\n",
                  headWidth + cellWidth * double(c), top, bottom);
  os << formatv("<rect class=\"f\" x=\"{0:f1}\" y=\"{1:f1}\" width=\"{2:f1}\" "
                "height=\"{3:f1}\"/>\n",
                headWidth, top, w - headWidth, bottom - top);
  os << "</g>\n";
}

char operandLetter(Operand operand) {
  switch (operand) {
  case Operand::A:
    return 'A';
  case Operand::B:
    return 'B';
  case Operand::C:
    return 'C';
  case Operand::D:
    return 'D';
  case Operand::Index:
    return 'I';
  }
  return '?';
}

/// Breaks every 16 of `n` (lane groups, tile blocks), if n is larger.
std::vector<unsigned> breaksEvery16(unsigned n) {
  std::vector<unsigned> breaks;
  for (unsigned i = 16; i < n; i += 16)
    breaks.push_back(i);
  return breaks;
}

//===----------------------------------------------------------------------===//
// The two views
//===----------------------------------------------------------------------===//

/// Rows are lanes, columns register fields; a cell names the element.
Grid registersGrid(const IntrinsicInfo &info, const PicturePanel &panel) {
  Operand op = panel.operand;
  std::vector<LayoutCell> cells = getLayoutCells(info, op);
  auto [rows, cols] = getTileShape(info, op);
  auto [n0, n1] = getCoordNames(op);
  bool byCol = op == Operand::B; // colour B by its column, the others by row
  unsigned colours = byCol ? cols : rows;

  std::vector<std::pair<unsigned, unsigned>> fields;
  std::map<std::tuple<unsigned, unsigned, unsigned>, const LayoutCell *> at;
  for (const LayoutCell &c : cells) {
    if (c.lane == 0)
      fields.push_back({c.vgpr, c.bitLo});
    at[{c.lane, c.vgpr, c.bitLo}] = &c;
  }
  unsigned bits = cells.front().bits;

  Grid g;
  g.name = getOperandName(op).str();
  g.caption = panel.caption;
  g.subtitle = formatv("cell: ({0}, {1}) of {2}; colour: {3}", n0, n1,
                       op == Operand::Index ? "the index tile"
                                            : getOperandName(op).str(),
                       byCol ? "column" : "row")
                   .str();
  g.corner = "lane";
  for (auto [vgpr, lo] : fields) {
    g.colHead1.push_back(op == Operand::Index ? "idx"
                                              : formatv("v{0}", vgpr).str());
    g.colHead2.push_back(bitRange(lo, bits));
  }
  for (unsigned lane = 0; lane < info.waveSize; ++lane) {
    g.rowHead.push_back(std::to_string(lane));
    std::vector<Cell> row;
    for (auto [vgpr, lo] : fields) {
      Cell cell;
      auto it = at.find({lane, vgpr, lo});
      if (it != at.end()) {
        const LayoutCell &c = *it->second;
        cell.line1 = formatv("{0},{1}", c.d0, c.d1).str();
        cell.fill = colour(byCol ? c.d1 : c.d0, colours);
        cell.tooltip =
            formatv("{0}[{1}][{2}] ({3} {1}, {4} {2}): lane {5}, {6}{7}",
                    operandLetter(op), c.d0, c.d1, n0, n1, lane,
                    op == Operand::Index ? "" : formatv("v{0}", vgpr).str(),
                    bitRange(lo, bits))
                .str();
      }
      row.push_back(std::move(cell));
    }
    g.cells.push_back(std::move(row));
  }
  g.rowBreaks = breaksEvery16(info.waveSize);
  g.measure();
  return g;
}

/// The tile itself; a cell names the lane(s) and register bits holding it.
Grid matrixGrid(const IntrinsicInfo &info, const PicturePanel &panel) {
  Operand op = panel.operand;
  auto [rows, cols] = getTileShape(info, op);
  auto [n0, n1] = getCoordNames(op);
  std::map<std::pair<unsigned, unsigned>, std::vector<const LayoutCell *>> at;
  std::vector<LayoutCell> cells = getLayoutCells(info, op);
  for (const LayoutCell &c : cells)
    at[{c.d0, c.d1}].push_back(&c);

  Grid g;
  g.name = getOperandName(op).str();
  g.caption = panel.caption;
  g.subtitle = formatv("rows: {0}, columns: {1}; cell: lane and register bits; "
                       "colour: lane",
                       n0, n1)
                   .str();
  g.corner = formatv("{0}\\{1}", n0, n1).str();
  g.twoLineCells = true;
  for (unsigned j = 0; j < cols; ++j) {
    g.colHead1.push_back(std::to_string(j));
    g.colHead2.push_back("");
  }
  for (unsigned i = 0; i < rows; ++i) {
    g.rowHead.push_back(std::to_string(i));
    std::vector<Cell> row;
    for (unsigned j = 0; j < cols; ++j) {
      Cell cell;
      auto it = at.find({i, j});
      if (it != at.end()) {
        SmallVector<std::string> lanes, regs, where;
        for (const LayoutCell *c : it->second) {
          std::string reg =
              (op == Operand::Index ? "" : formatv("v{0}", c->vgpr).str()) +
              bitRange(c->bitLo, c->bits);
          lanes.push_back(std::to_string(c->lane));
          if (!is_contained(regs, reg))
            regs.push_back(reg);
          where.push_back(formatv("lane {0} {1}", c->lane, reg).str());
        }
        cell.line1 = join(lanes, ",");
        cell.line2 = join(regs, ",");
        cell.fill = colour(it->second.front()->lane, info.waveSize);
        cell.tooltip = formatv("{0}[{1}][{2}]: {3}", operandLetter(op), i, j,
                               join(where, "; "))
                           .str();
      }
      row.push_back(std::move(cell));
    }
    g.cells.push_back(std::move(row));
  }
  g.rowBreaks = breaksEvery16(rows);
  g.colBreaks = breaksEvery16(cols);
  g.measure();
  return g;
}

/// Where each grid goes: side by side, or (matrix view with A, B and C)
/// as CuTe draws an MMA: B above C, A and then the index left of C, their
/// rows and columns aligned.
struct Placed {
  const Grid *grid;
  double x, y;
};

std::vector<Placed> place(std::vector<Grid> &grids,
                          ArrayRef<PicturePanel> panels, PictureView view,
                          double top) {
  std::vector<Placed> placed;
  auto find = [&](Operand op) -> Grid * {
    for (size_t i = 0; i < panels.size(); ++i)
      if (panels[i].operand == op)
        return &grids[i];
    return nullptr;
  };
  Grid *a = find(Operand::A), *b = find(Operand::B), *c = find(Operand::C),
       *index = find(Operand::Index), *d = find(Operand::D);
  if (view == PictureView::Matrix && a && b && c) {
    // One cell size, so that rows and columns line up across the tiles.
    double cw = 0, hw = 0;
    for (Grid &g : grids) {
      cw = std::max(cw, g.cellWidth);
      hw = std::max(hw, g.headWidth);
    }
    for (Grid &g : grids) {
      g.cellWidth = cw;
      g.headWidth = hw;
    }
    double x = kMargin;
    double rowTop = top + b->height() + kGap;
    auto alignRows = [&](Grid *g) { // grid rows start where C's do
      placed.push_back({g, x, rowTop + c->gridTop() - g->gridTop()});
      x += g->width() + kGap;
    };
    if (index)
      alignRows(index);
    alignRows(a);
    placed.push_back({b, x, top});
    placed.push_back({c, x, rowTop});
    // D, where it differs from C (gfx1250's bf16f32), beside C.
    if (d)
      placed.push_back({d, x + c->width() + kGap, rowTop});
    return placed;
  }
  // Side by side, in rows no wider than kMaxRowWidth (a grid wider than
  // that gets a row of its own).
  double x = kMargin, y = top, rowBottom = top;
  for (Grid &g : grids) {
    if (x > kMargin && x + g.width() > kMaxRowWidth) {
      x = kMargin;
      y = rowBottom + kGap;
    }
    placed.push_back({&g, x, y});
    x += g.width() + kGap;
    rowBottom = std::max(rowBottom, y + g.height());
  }
  return placed;
}

void printSvgBody(raw_ostream &os, const IntrinsicInfo &info,
                  ArrayRef<std::string> title, ArrayRef<PicturePanel> panels,
                  PictureView view, bool tooltips) {
  std::vector<Grid> grids;
  for (const PicturePanel &panel : panels)
    grids.push_back(view == PictureView::Registers ? registersGrid(info, panel)
                                                   : matrixGrid(info, panel));
  double top = kMargin + double(title.size()) * (kTitleFont + 5) + 8;
  std::vector<Placed> placed = place(grids, panels, view, top);
  double width = 0, height = 0;
  for (const Placed &p : placed) {
    width = std::max(width, p.x + p.grid->width());
    height = std::max(height, p.y + p.grid->height());
  }
  for (size_t i = 0; i < title.size(); ++i)
    width = std::max(width, kMargin + textWidth(title[i], kTitleFont));
  width += kMargin;
  height += kMargin;

  os << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                "width=\"{0:f0}\" height=\"{1:f0}\" viewBox=\"0 0 {0:f0} "
                "{1:f0}\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, "
                "monospace\" font-size=\"{2}\" text-anchor=\"middle\">\n",
                width, height, kCellFont);
  os << "<style>.t{font-size:" << kTitleFont
     << "px;text-anchor:start}.t0{font-weight:bold}.cap{font-size:"
     << kCaptionFont
     << "px;font-weight:bold;text-anchor:start}.sub{text-anchor:start;"
        "fill:#444}.h{fill:#555}.s{stroke:#fff;stroke-width:1;fill:none}"
        ".g{stroke:#222;stroke-width:1.5}.f{fill:none;stroke:#222;"
        "stroke-width:1.5}";
  // One class per cell colour (the cells' colours, in order of appearance;
  // "" is a cell no element occupies).
  StringMap<std::string> colourClass;
  std::vector<std::string> colours;
  for (const Grid &g : grids)
    for (const auto &row : g.cells)
      for (const Cell &cell : row)
        if (!colourClass.count(cell.fill)) {
          colourClass[cell.fill] = "k" + std::to_string(colours.size());
          colours.push_back(cell.fill);
        }
  for (size_t i = 0; i < colours.size(); ++i)
    os << ".k" << i << "{fill:" << (colours[i].empty() ? "#eee" : colours[i])
       << "}";
  os << "</style>\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\" "
        "stroke=\"none\"/>\n";
  for (size_t i = 0; i < title.size(); ++i)
    os << formatv("<text class=\"t{0}\" x=\"{1:f0}\" y=\"{2:f0}\">{3}</text>\n",
                  i == 0 ? " t0" : "", kMargin,
                  kMargin + kTitleFont + double(i) * (kTitleFont + 5),
                  escape(title[i]));
  for (const Placed &p : placed)
    p.grid->print(os, p.x, p.y, tooltips, colourClass);
  os << "</svg>\n";
}

} // namespace

void mlir::mcore::printLayoutSvg(raw_ostream &os, const IntrinsicInfo &info,
                                 ArrayRef<std::string> title,
                                 ArrayRef<PicturePanel> panels,
                                 PictureView view, bool tooltips) {
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<!-- Generated by mcore-layout from mcore's intrinsic catalog; do "
        "not edit. -->\n";
  printSvgBody(os, info, title, panels, view, tooltips);
}

void mlir::mcore::printLayoutHtml(raw_ostream &os, const IntrinsicInfo &info,
                                  ArrayRef<std::string> title,
                                  ArrayRef<PicturePanel> panels,
                                  PictureView view) {
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<!-- Generated by mcore-layout from mcore's intrinsic catalog. -->\n"
     << "<title>" << escape(info.name) << " register layouts</title>\n"
     << "<style>body{font-family:sans-serif;margin:1em}"
        "svg{display:block;margin-top:1em}"
        "svg rect:hover{stroke:#000;stroke-width:2}</style>\n"
     << "</head>\n<body>\n<h1>" << escape(info.name) << "</h1>\n";
  for (size_t i = 1; i < title.size(); ++i)
    os << "<p>" << escape(title[i]) << "</p>\n";
  os << "<p>Hover over a cell for the element, lane and register it "
        "names.</p>\n";
  printSvgBody(os, info, title.take_front(1), panels, view,
               /*tooltips=*/true);
  os << "</body>\n</html>\n";
}
