//===- MCoreDialect.cpp - The mcore dialect -------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreDialect.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"

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
  return success();
}
