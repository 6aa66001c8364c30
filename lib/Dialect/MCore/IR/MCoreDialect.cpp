//===- MCoreDialect.cpp - The mcore dialect -------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreDialect.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mcore;

#include "mcore/Dialect/MCore/IR/MCoreDialect.cpp.inc"

void MCoreDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "mcore/Dialect/MCore/IR/MCoreOps.cpp.inc"
      >();
}

LogicalResult MCoreDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  if (attr.getName() == MatmulConfigAttr::getAttrName() &&
      !isa<MatmulConfigAttr>(attr.getValue()))
    return op->emitError() << "'" << MatmulConfigAttr::getAttrName()
                           << "' must be a #mcore.matmul_config, got "
                           << attr.getValue();
  StringRef name = attr.getName().getValue();
  if (name == getWaveAttrName() || name == getWorkItemAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' is a unit attribute";
    if (!isa<vector::ContractionOp>(op))
      return op->emitError()
             << "'" << name
             << "' says who computes a vector.contract (the wave, or each "
                "work-item); it is not an attribute of "
             << op->getName();
    if (op->hasAttr(getWaveAttrName()) && op->hasAttr(getWorkItemAttrName()))
      return op->emitError() << "a vector.contract is either the wave's ('"
                             << getWaveAttrName() << "') or each work-item's ('"
                             << getWorkItemAttrName() << "'), not both";
  }
  return success();
}
