//===- MCoreDialect.h - The mcore dialect -----------------------*- C++ -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREDIALECT_H
#define MCORE_DIALECT_MCORE_IR_MCOREDIALECT_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dialect.h"

#include "mcore/Dialect/MCore/IR/MCoreDialect.h.inc"

#endif // MCORE_DIALECT_MCORE_IR_MCOREDIALECT_H
