//===- Describe.cpp - The catalog as data ---------------------------------===//

#include "mcore/Target/Describe.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir::mcore;
using llvm::json::Array;
using llvm::json::Object;

std::vector<LayoutCell> mlir::mcore::getLayoutCells(const IntrinsicInfo &info,
                                                    Operand operand) {
  std::vector<LayoutCell> cells;
  if (operand == Operand::Index) {
    unsigned fields = info.index.bitsPerSet / 2;
    for (unsigned lane = 0; lane < info.waveSize; ++lane)
      for (unsigned f = 0; f < fields; ++f) {
        TileCoord c = info.index.layout.apply(lane, f);
        cells.push_back({lane, f, 0, 2 * f, 2, c.d0, c.d1});
      }
    return cells;
  }
  const FragmentInfo &frag = info.getFragment(operand);
  for (unsigned lane = 0; lane < info.waveSize; ++lane)
    for (unsigned e = 0; e < frag.count; ++e) {
      TileCoord c = frag.layout.apply(lane, e);
      cells.push_back({lane, e * frag.stride, frag.getVgpr(e),
                       frag.getBitLo(e), getBitWidth(frag.kind), c.d0, c.d1});
    }
  return cells;
}

std::pair<const char *, const char *>
mlir::mcore::getCoordNames(Operand operand) {
  switch (operand) {
  case Operand::A:
  case Operand::Index:
    return {"row", "k"};
  case Operand::B:
    return {"k", "col"};
  case Operand::C:
  case Operand::D:
    return {"row", "col"};
  }
  llvm_unreachable("unknown operand");
}

Object mlir::mcore::describeScales(const IntrinsicInfo &info) {
  // The sets of A's scales; B's differ only for the 32-row f4 WMMA, whose
  // A has one set (all 32 lanes).
  Object o{{"block_k", info.scaleA.blockK},
           {"sets", info.scaleA.numSets},
           {"b_sets", info.scaleB.numSets},
           {"a_format", getMxFormatCode(info.a.kind)},
           {"b_format", getMxFormatCode(info.b.kind)},
           {"per_lane", info.scaleA.getScalesPerLane()},
           {"operand", info.scaleA.llvm.str()},
           {"select", info.scaleA.laneSetStride ? "lanes" : "bytes"},
           {"types", info.scaleA.e4m3 ? Array{"e8m0", "e4m3"}
                                      : Array{"e8m0"}}};
  return o;
}

Object mlir::mcore::describeIntrinsic(const IntrinsicInfo &info) {
  Array chips;
  Object cycles;
  for (const ChipInfo &chip : getAllChips())
    if (info.isAvailableOn(chip.chip)) {
      chips.push_back(chip.name);
      cycles[chip.name] = info.getCycles(chip.chip);
    }
  Object o{{"name", info.name},
                {"family", getMmaFamilyName(info.family)},
                {"chips", std::move(chips)},
                {"wave_size", info.waveSize},
                {"m", info.m},
                {"n", info.n},
                {"k", info.k},
                {"blocks", info.blocks},
                {"a_type", getScalarKindName(info.a.kind)},
                {"b_type", getScalarKindName(info.b.kind)},
                {"c_type", getScalarKindName(info.c.kind)},
                {"sparse", info.isSparse()},
                {"fragment_lengths", Object{{"A", info.a.getVectorLength()},
                                            {"B", info.b.getVectorLength()},
                                            {"C", info.c.getVectorLength()}}},
                {"llvm_intrinsic", info.llvmName},
                {"ops", info.ops},
                {"cycles", std::move(cycles)},
                {"layout_source", info.layoutSource},
                {"cost_source", info.costSource}};
  if (info.isSparse())
    o["index_type"] = info.index.llvm.str();
  if (info.isScaled())
    o["scales"] = describeScales(info);
  // gfx1250's f8f6f4 WMMA without scales: the format immediates.
  if (info.hasModifier(ModMatrixFmt) && !info.isScaled())
    o["formats"] = Object{{"a_format", getMxFormatCode(info.a.kind)},
                          {"b_format", getMxFormatCode(info.b.kind)}};
  // D, where it differs from C (gfx1250's bf16f32).
  if (info.hasDistinctD()) {
    o["d_type"] = getScalarKindName(info.d.kind);
    o.getObject("fragment_lengths")->insert({"D", info.d.getVectorLength()});
  }
  return o;
}

static Array describeCells(const IntrinsicInfo &info, Operand operand) {
  Array array;
  auto [n0, n1] = getCoordNames(operand);
  for (const LayoutCell &c : getLayoutCells(info, operand)) {
    Object o;
    o["lane"] = c.lane;
    if (operand != Operand::Index) {
      o["element"] = c.element;
      o["vgpr"] = c.vgpr;
    }
    o["bit_lo"] = c.bitLo;
    o["bits"] = c.bits;
    o[n0] = c.d0;
    o[n1] = c.d1;
    array.push_back(std::move(o));
  }
  return array;
}

Object mlir::mcore::describeLayout(const IntrinsicInfo &info,
                                   std::optional<Operand> only) {
  Object o{{"name", info.name},
           {"wave_size", info.waveSize},
           {"m", info.m},
           {"n", info.n},
           {"k", info.k},
           {"blocks", info.blocks}};
  for (Operand op :
       {Operand::A, Operand::B, Operand::C, Operand::Index, Operand::D}) {
    if ((op == Operand::Index && !info.isSparse()) ||
        (op == Operand::D && !info.hasDistinctD()))
      continue;
    if (only && *only != op)
      continue;
    o[getOperandName(op)] = describeCells(info, op);
  }
  return o;
}
