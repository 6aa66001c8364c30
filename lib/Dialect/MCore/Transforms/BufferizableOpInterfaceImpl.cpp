//===- BufferizableOpInterfaceImpl.cpp - Bufferize mcore's matrix ops -----===//
//
// mcore.sparse_matmul and mcore.compress_2to4 are destination-passing: on
// tensors their results are their inits, on memrefs they write the inits in
// place. One-Shot Bufferize turns the tensor form into the memref form.
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::mcore;

namespace {

/// Replaces a tensor DPS op by the same op on buffers: every tensor operand
/// becomes its buffer, the results are the init buffers.
template <typename OpTy>
struct MatrixOpInterface
    : DstBufferizableOpInterfaceExternalModel<MatrixOpInterface<OpTy>, OpTy> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto dps = cast<DestinationStyleOpInterface>(op);
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      if (!isa<TensorType>(v.getType())) {
        operands.push_back(v);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, v, options, state);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
    }
    rewriter.setInsertionPoint(op);
    OperationState newState(op->getLoc(), op->getName(), operands,
                            /*types=*/TypeRange{}, op->getAttrs());
    rewriter.create(newState);
    SmallVector<Value> inits;
    for (OpOperand &init : dps.getDpsInitsMutable())
      inits.push_back(operands[init.getOperandNumber()]);
    replaceOpWithBufferizedValues(rewriter, op, inits);
    return success();
  }
};

} // namespace

void mlir::mcore::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, MCoreDialect *) {
    SparseMatmulOp::attachInterface<MatrixOpInterface<SparseMatmulOp>>(*ctx);
    Compress2to4Op::attachInterface<MatrixOpInterface<Compress2to4Op>>(*ctx);
  });
}
