//===- StableConstantGlobals.cpp - Bufferization's constants, in order ----===//
//
// LLVM 22's one-shot module bufferization visits functions in the order of
// a pointer-keyed map, so the constant globals it creates get their names
// and places in an order that differs between runs of one input
// (llvm-project #184722 fixes it after LLVM 22). This pass names and orders
// them by their first use instead.
//
//===----------------------------------------------------------------------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORESTABLECONSTANTGLOBALSPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kPrefix = "__constant_";

/// The name bufferization would give a constant of this global's type: its
/// own without the symbol table's "_N" suffix.
StringRef getBaseName(StringRef name) {
  size_t underscore = name.rfind('_');
  if (underscore == StringRef::npos || underscore + 1 == name.size() ||
      underscore + 1 <= kPrefix.size())
    return name;
  StringRef suffix = name.drop_front(underscore + 1);
  if (!llvm::all_of(suffix, llvm::isDigit))
    return name;
  return name.take_front(underscore);
}

struct StableConstantGlobalsPass
    : mcore::impl::MCoreStableConstantGlobalsPassBase<
          StableConstantGlobalsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The globals this pass names, in the order of their first use (unused
    // ones after, in their own order).
    llvm::MapVector<memref::GlobalOp, unsigned> order;
    SmallVector<memref::GlobalOp> candidates;
    for (auto global : module.getOps<memref::GlobalOp>())
      if (global.getConstant() && global.isPrivate() &&
          global.getSymName().starts_with(kPrefix))
        candidates.push_back(global);
    if (candidates.empty())
      return;
    llvm::StringMap<memref::GlobalOp> byName;
    for (memref::GlobalOp global : candidates)
      byName[global.getSymName()] = global;
    module.walk([&](memref::GetGlobalOp get) {
      auto it = byName.find(get.getName());
      if (it != byName.end())
        order.insert({it->second, order.size()});
    });
    for (memref::GlobalOp global : candidates)
      order.insert({global, order.size()});

    // The final names: per base name, the plain one first, then _0, _1, ...
    // skipping names held by symbols this pass does not rename.
    SymbolTable table(module);
    llvm::StringMap<unsigned> nextSuffix;
    llvm::StringSet<> taken;
    SmallVector<std::pair<memref::GlobalOp, std::string>> names;
    auto heldByOther = [&](StringRef name) {
      Operation *holder = table.lookup(name);
      return holder && !byName.count(name);
    };
    for (auto &entry : order) {
      memref::GlobalOp global = entry.first;
      StringRef base = getBaseName(global.getSymName());
      std::string name;
      do {
        auto [it, first] = nextSuffix.try_emplace(base, 0);
        if (first) {
          name = base.str();
        } else {
          name = (base + "_" + Twine(it->second)).str();
          ++it->second;
        }
      } while (heldByOther(name) || taken.contains(name));
      taken.insert(name);
      names.push_back({global, name});
    }

    // Rename through temporary names (a final name may be another
    // candidate's current one), then move the globals to the top in order.
    auto rename = [&](memref::GlobalOp global, StringRef name) -> bool {
      auto attr = StringAttr::get(&getContext(), name);
      if (failed(SymbolTable::replaceAllSymbolUses(global, attr, module)))
        return false;
      SymbolTable::setSymbolName(global, attr);
      return true;
    };
    unsigned i = 0;
    for (auto &[global, name] : names)
      if (!rename(global, ("__mcore_stable_constant_" + Twine(i++)).str())) {
        global.emitError("cannot rename this global's uses");
        return signalPassFailure();
      }
    for (auto &[global, name] : names)
      if (!rename(global, name)) {
        global.emitError("cannot rename this global's uses");
        return signalPassFailure();
      }
    Block *body = module.getBody();
    for (auto &[global, name] : llvm::reverse(names))
      global->moveBefore(body, body->begin());
  }
};
} // namespace
