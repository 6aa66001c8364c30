//===- LayoutPicture.h - Register layouts as pictures -----------*- C++ -*-===//
//
// mcore-layout --format=svg|html: an intrinsic's operand layouts drawn from
// the catalog, in the style of AMD's matrix instruction calculator tables
// and CuTe's print_latex pictures.
//
//   registers view  one grid per operand, a row per lane and a column per
//                   register field; each cell names the matrix element it
//                   holds, coloured by the element's row (A, C, index) or
//                   column (B), so a colour is one row of the tile
//   matrix view     the tiles themselves, B above C and A (and the sparse
//                   index) left of it as CuTe draws an MMA; each cell names
//                   the lane(s) and register bits holding it, coloured by
//                   lane
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TOOLS_MCORE_LAYOUT_LAYOUTPICTURE_H
#define MCORE_TOOLS_MCORE_LAYOUT_LAYOUTPICTURE_H

#include "mcore/Target/Catalog.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::mcore {

enum class PictureView { Registers, Matrix };

/// One operand to draw, with the line that describes it ("A: 16x16
/// compressed f16, 8 per lane as <8 x half>").
struct PicturePanel {
  Operand operand;
  std::string caption;
};

/// A standalone SVG document: `title` lines on top, then the panels.
/// `tooltips` gives every cell a <title> (what a browser shows on hover).
void printLayoutSvg(llvm::raw_ostream &os, const IntrinsicInfo &info,
                    llvm::ArrayRef<std::string> title,
                    llvm::ArrayRef<PicturePanel> panels, PictureView view,
                    bool tooltips);

/// An HTML page with the same picture inline, cells with tooltips.
void printLayoutHtml(llvm::raw_ostream &os, const IntrinsicInfo &info,
                     llvm::ArrayRef<std::string> title,
                     llvm::ArrayRef<PicturePanel> panels, PictureView view);

} // namespace mlir::mcore

#endif // MCORE_TOOLS_MCORE_LAYOUT_LAYOUTPICTURE_H
