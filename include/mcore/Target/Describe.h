//===- Describe.h - The catalog as data -------------------------*- C++ -*-===//
//
// One description of intrinsics and layouts, shared by every tool that
// shows them (mcore-layout, its JSON), with the coordinate names the Python
// module's LayoutCell uses too.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_DESCRIBE_H
#define MCORE_TARGET_DESCRIBE_H

#include "mcore/Target/Catalog.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <vector>

namespace mlir::mcore {

/// One (lane, register position) that holds a matrix element or an index
/// field. (d0, d1) is (row, k) for A and the index, (k, col) for B and
/// (row, col) for C. For the index, `element` is the field number, `vgpr` is
/// 0 and only index set 0 is described.
struct LayoutCell {
  unsigned lane, element, vgpr, bitLo, bits, d0, d1;
};
std::vector<LayoutCell> getLayoutCells(const IntrinsicInfo &info,
                                       Operand operand);

/// The names of an operand's two tile coordinates: {"row", "k"}, ...
std::pair<const char *, const char *> getCoordNames(Operand operand);

/// {name, family, chips, wave_size, m, n, k, a_type, b_type, c_type, sparse,
///  llvm_intrinsic, ops, cycles: {chip: n}, fragment_lengths: {A, B, C}}.
/// Block-scaled entries also have "scales" (describeScales), gfx1250's
/// unscaled f8f6f4 WMMA "formats": {a_format, b_format}.
llvm::json::Object describeIntrinsic(const IntrinsicInfo &info);

/// The scales of a block-scaled entry: {block_k, sets (A's scale selects),
/// b_sets, a_format, b_format (the format codes), per_lane (scales a set
/// holds per lane), operand (the LLVM type of a lane's scale operand),
/// select ("bytes": op_sel picks a byte of every lane, "lanes": a lane
/// half), types (["e8m0"] or ["e8m0", "e4m3"])}.
llvm::json::Object describeScales(const IntrinsicInfo &info);

/// {name, wave_size, m, n, k, A: [...], B: [...], C: [...], index: [...]}:
/// A cells {lane, element, vgpr, bit_lo, bits, row, k}, B {..., k, col},
/// C {..., row, col}, index {lane, bit_lo, bits, row, k}. `only` restricts
/// it to one operand.
llvm::json::Object describeLayout(const IntrinsicInfo &info,
                                  std::optional<Operand> only = std::nullopt);

} // namespace mlir::mcore

#endif // MCORE_TARGET_DESCRIBE_H
