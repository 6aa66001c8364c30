//===- LowerCompress2to4.cpp - mcore.compress_2to4 as a GPU kernel --------===//
//
// mcore-lower-compress-2to4 lowers memref mcore.compress_2to4: one GPU
// thread per metadata word (eight groups of one row) compresses its groups
// and records the first group with more than two non-zeros with an atomic
// minimum in a host-shared word; after the kernel, host code checks the
// word and, if it is set, prints
//
//   mcore: A is not 2:4 sparse: row R, group G (columns C0-C1) has N non-zeros
//
// to stderr and exits with status 65 (EX_DATAERR).
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "DataErrors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORELOWERCOMPRESS2TO4PASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

/// The exit status of a program whose 2:4 input is not 2:4 (sysexits.h
/// EX_DATAERR: the input data was incorrect).
constexpr int kViolationExitCode = 65;

func::FuncOp mlir::mcore::getOrCreateDataErrorReporter(
    ModuleOp module, StringRef name, StringRef messageName, StringRef format,
    unsigned numArgs) {
  MLIRContext *ctx = module.getContext();
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  StringRef message = messageName;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Location loc = module.getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  if (!module.lookupSymbol("dprintf"))
    LLVM::LLVMFuncOp::create(
        b, loc, "dprintf",
        LLVM::LLVMFunctionType::get(i32, {i32, ptr}, /*isVarArg=*/true));
  if (!module.lookupSymbol("exit"))
    LLVM::LLVMFuncOp::create(
        b, loc, "exit",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i32}));
  std::string text = format.str();
  text.push_back('\0');
  auto strType = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
  LLVM::GlobalOp::create(b, loc, strType, /*isConstant=*/true,
                         LLVM::Linkage::Internal, message,
                         b.getStringAttr(text));
  auto func = func::FuncOp::create(
      b, loc, name,
      b.getFunctionType(SmallVector<Type>(numArgs, i64), TypeRange{}));
  func.setPrivate();
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value fmt = LLVM::AddressOfOp::create(b, loc, ptr, message);
  Value stderrFd = LLVM::ConstantOp::create(b, loc, i32, 2);
  SmallVector<Value> args = {stderrFd, fmt};
  llvm::append_range(args, body->getArguments());
  LLVM::CallOp::create(
      b, loc, LLVM::LLVMFunctionType::get(i32, {i32, ptr}, true),
      SymbolRefAttr::get(ctx, "dprintf"), args);
  Value status = LLVM::ConstantOp::create(b, loc, i32, kViolationExitCode);
  LLVM::CallOp::create(b, loc, TypeRange{}, "exit", ValueRange{status});
  func::ReturnOp::create(b, loc);
  return func;
}

/// The host function that reports a violation of `operand` ("A" or "B")
/// and ends the program:
///   void @__mcore_2to4_violation(i64 row, i64 group, i64 firstCol,
///                                i64 lastCol, i64 nonzeros)
/// (`@__mcore_2to4_violation_b` for B).
static func::FuncOp getOrCreateReporter(ModuleOp module, StringRef operand) {
  std::string suffix = operand == "A" ? "" : "_" + operand.lower();
  return getOrCreateDataErrorReporter(
      module, "__mcore_2to4_violation" + suffix, "__mcore_2to4_message" + suffix,
      "mcore: " + operand.str() +
          " is not 2:4 sparse: row %lld, group %lld (columns %lld-%lld) has "
          "%lld non-zeros\n",
      5);
}

gpu::LaunchOp mlir::mcore::createItemLaunch(ImplicitLocOpBuilder &b,
                                           Value total, StringRef kernel,
                                           Value &id) {
  constexpr int64_t kThreads = 256;
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value one = idx(1);
  Value blocks = arith::DivUIOp::create(
      b, arith::AddIOp::create(b, total, idx(kThreads - 1)), idx(kThreads));
  auto launch = gpu::LaunchOp::create(b, blocks, one, one, idx(kThreads), one,
                                      one);
  launch->setAttr("mcore.kernel", b.getStringAttr(kernel));
  Block *body = &launch.getBody().front();
  b.setInsertionPointToStart(body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(body);
  id = arith::AddIOp::create(
      b, arith::MulIOp::create(b, launch.getBlockIds().x, idx(kThreads)),
      launch.getThreadIds().x);
  Value inRange =
      arith::CmpIOp::create(b, arith::CmpIPredicate::ult, id, total);
  auto ifOp = scf::IfOp::create(b, TypeRange{}, inRange, false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  return launch;
}

static FailureOr<gpu::LaunchOp> lowerOne(RewriterBase &rewriter,
                                         Compress2to4Op op, ModuleOp module) {
  if (!isa<MemRefType>(op.getDense().getType()))
    return op.emitError("mcore-lower-compress-2to4 works on memrefs; "
                        "bufferize first");
  if (op->getParentOfType<gpu::LaunchOp>())
    return op.emitError("mcore.compress_2to4 must be in host code");
  auto denseType = cast<MemRefType>(op.getDense().getType());
  Type elem = denseType.getElementType();
  unsigned width = elem.getIntOrFloatBitWidth();
  // i4 is one element per byte, as in every memref (the vector accesses
  // below are legalized to bytes by mcore-legalize-sub-byte-memory).
  if (width != 4 && (width < 8 || width > 32))
    return op.emitError("mcore.compress_2to4 of ")
           << elem << " is not supported (4-bit or 8- to 32-bit elements)";
  // A matrix with no element (M or K statically 0) has nothing to compress
  // or check: no kernel (a null launch). (Dynamic sizes that are 0 at run
  // time give an empty grid, which the pipeline's host code does not
  // launch.)
  if (llvm::is_contained(denseType.getShape(), 0)) {
    rewriter.eraseOp(op);
    return gpu::LaunchOp();
  }
  func::FuncOp reporter = getOrCreateReporter(module, op.getOperand());

  MLIRContext *ctx = op.getContext();
  rewriter.setInsertionPoint(op);
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  Type bitsType = b.getIntegerType(width);
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value dense = op.getDense(), values = op.getValues(),
        meta = op.getMetadata();
  // A batch of matrices is compressed as one matrix of all their rows.
  if (denseType.getRank() == 3) {
    SmallVector<ReassociationIndices> rows = {{0, 1}, {2}};
    for (Value *v : {&dense, &values, &meta}) {
      if (!memref::CollapseShapeOp::isGuaranteedCollapsible(
              cast<MemRefType>(v->getType()), rows))
        return op.emitError("a batched mcore.compress_2to4 needs contiguous "
                            "operands, got ")
               << v->getType();
      *v = memref::CollapseShapeOp::create(b, *v, rows);
    }
  }
  Value M = memref::DimOp::create(b, dense, 0);
  Value K = memref::DimOp::create(b, dense, 1);
  Value W = memref::DimOp::create(b, meta, 1);
  // Groups per row, ceil(K / 4).
  Value G = arith::DivUIOp::create(b, arith::AddIOp::create(b, K, idx(3)),
                                   idx(4));

  // The first violation, as (row * G + group) * 8 + nonzeros; INT64_MAX
  // while there is none. Host-shared, so the host reads it after the launch.
  auto errType = MemRefType::get({1}, i64);
  Value none = arith::ConstantIntOp::create(b, i64, INT64_MAX);
  auto alloc = gpu::AllocOp::create(b, errType, /*asyncToken=*/Type(),
                                    ValueRange{}, ValueRange{}, ValueRange{},
                                    /*hostShared=*/b.getUnitAttr());
  Value err = alloc.getMemref();
  memref::StoreOp::create(b, none, err, ValueRange{idx(0)});

  Value total = arith::MulIOp::create(b, M, W);
  gpu::LaunchOp launch;
  {
    OpBuilder::InsertionGuard g(b);
    Value id;
    launch = createItemLaunch(b, total, "compress_2to4", id);
    Value row = arith::DivUIOp::create(b, id, W);
    Value w = arith::RemUIOp::create(b, id, W);
    auto vec4 = VectorType::get({4}, elem);
    auto bits4 = VectorType::get({4}, bitsType);
    auto mask4 = VectorType::get({4}, b.getI1Type());
    Value zeroVec =
        arith::ConstantOp::create(b, vec4, b.getZeroAttr(vec4)).getResult();
    Value bitsZero = arith::ConstantIntOp::create(b, bitsType, 0);
    // Floats: the sign alone does not make a non-zero (+0, -0).
    uint64_t magnitudeMask = isa<FloatType>(elem)
                                 ? (uint64_t(1) << (width - 1)) - 1
                                 : (width == 64 ? ~uint64_t(0)
                                                : (uint64_t(1) << width) - 1);
    Value magMask = arith::ConstantIntOp::create(b, bitsType, magnitudeMask);
    Value word = arith::ConstantIntOp::create(b, i32, 0);
    auto i32c = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, i32, v);
    };
    for (int64_t g = 0; g < 8; ++g) {
      // Group gi = 8 w + g covers dense columns 4 gi .. 4 gi + 3.
      Value gi = arith::AddIOp::create(b, arith::MulIOp::create(b, w, idx(8)),
                                       idx(g));
      Value col = arith::MulIOp::create(b, gi, idx(4));
      Value groupOk =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ult, gi, G);
      Value left = arith::MaxSIOp::create(
          b, idx(0),
          arith::MinSIOp::create(b, arith::SubIOp::create(b, K, col), idx(4)));
      Value mask = vector::CreateMaskOp::create(b, mask4, ValueRange{left});
      Value safeCol = arith::SelectOp::create(b, groupOk, col, idx(0));
      Value elems = vector::MaskedLoadOp::create(
          b, vec4, dense, ValueRange{row, safeCol}, mask, zeroVec);
      Value bits = vector::BitCastOp::create(b, bits4, elems);
      // Non-zero flags and the first two non-zero positions.
      Value count = i32c(0), first = i32c(4), second = i32c(4);
      SmallVector<Value> lanes;
      for (int64_t p = 0; p < 4; ++p) {
        Value e = vector::ExtractOp::create(b, bits, p);
        lanes.push_back(e);
        Value nz = arith::CmpIOp::create(b, arith::CmpIPredicate::ne,
                                         arith::AndIOp::create(b, e, magMask),
                                         bitsZero);
        Value noFirst =
            arith::CmpIOp::create(b, arith::CmpIPredicate::eq, first, i32c(4));
        Value noSecond = arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                               second, i32c(4));
        Value takeSecond = arith::AndIOp::create(
            b, nz,
            arith::AndIOp::create(
                b, arith::XOrIOp::create(b, noFirst,
                                         arith::ConstantIntOp::create(
                                             b, b.getI1Type(), 1)),
                noSecond));
        second = arith::SelectOp::create(b, takeSecond, i32c(p), second);
        first = arith::SelectOp::create(
            b, arith::AndIOp::create(b, nz, noFirst), i32c(p), first);
        count = arith::AddIOp::create(
            b, count, arith::ExtUIOp::create(b, i32, nz));
      }
      // Canonical positions (sparse24::compress): two non-zeros as found;
      // fewer are completed with the lowest free positions.
      Value two = arith::CmpIOp::create(b, arith::CmpIPredicate::uge, count,
                                        i32c(2));
      Value oneNz =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, count, i32c(1));
      Value firstPos = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt,
                                             first, i32c(0));
      Value pos0 = arith::SelectOp::create(b, two, first, i32c(0));
      Value pos1 = arith::SelectOp::create(
          b, two, second,
          arith::SelectOp::create(b, arith::AndIOp::create(b, oneNz, firstPos),
                                  first, i32c(1)));
      auto pick = [&](Value pos) {
        Value v = lanes[3];
        for (int64_t p = 2; p >= 0; --p)
          v = arith::SelectOp::create(
              b,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, pos,
                                    i32c(p)),
              lanes[p], v);
        return v;
      };
      Value v0 = pick(pos0), v1 = pick(pos1);
      Value nibble = arith::OrIOp::create(
          b, pos0, arith::ShLIOp::create(b, pos1, i32c(2)));
      nibble = arith::SelectOp::create(b, groupOk, nibble, i32c(0));
      word = arith::OrIOp::create(
          b, word, arith::ShLIOp::create(b, nibble, i32c(4 * g)));
      // Store the two values; record a violation.
      auto groupIf = scf::IfOp::create(b, TypeRange{}, groupOk, false);
      {
        OpBuilder::InsertionGuard g2(b);
        b.setInsertionPoint(groupIf.thenBlock()->getTerminator());
        Value c0 = arith::MulIOp::create(b, gi, idx(2));
        auto one1 = VectorType::get({1}, bitsType);
        auto elem1 = VectorType::get({1}, elem);
        for (auto [v, off] : {std::pair(v0, 0), std::pair(v1, 1)}) {
          Value asVec = vector::BroadcastOp::create(b, one1, v);
          Value asElem = vector::BitCastOp::create(b, elem1, asVec);
          vector::StoreOp::create(
              b, asElem, values,
              ValueRange{row, arith::AddIOp::create(b, c0, idx(off))});
        }
        Value bad = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, count,
                                          i32c(2));
        auto badIf = scf::IfOp::create(b, TypeRange{}, bad, false);
        b.setInsertionPoint(badIf.thenBlock()->getTerminator());
        Value linear = arith::AddIOp::create(
            b, arith::MulIOp::create(b, row, G), gi);
        Value key = arith::AddIOp::create(
            b,
            arith::MulIOp::create(
                b, arith::IndexCastOp::create(b, i64, linear),
                arith::ConstantIntOp::create(b, i64, 8)),
            arith::ExtUIOp::create(b, i64, count));
        memref::AtomicRMWOp::create(b, arith::AtomicRMWKind::mins, key, err,
                                    ValueRange{idx(0)});
      }
    }
    memref::StoreOp::create(b, word, meta, ValueRange{row, w});
  }

  // Host: report the first violation, if any.
  b.setInsertionPointAfter(launch);
  Value found = memref::LoadOp::create(b, err, ValueRange{idx(0)});
  Value bad = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, found, none);
  auto ifBad = scf::IfOp::create(b, TypeRange{}, bad, false);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(ifBad.thenBlock()->getTerminator());
    auto c64 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, i64, v);
    };
    Value g64 = arith::IndexCastOp::create(b, i64, G);
    Value k64 = arith::IndexCastOp::create(b, i64, K);
    Value linear = arith::DivUIOp::create(b, found, c64(8));
    Value nonzeros = arith::RemUIOp::create(b, found, c64(8));
    Value row = arith::DivUIOp::create(b, linear, g64);
    Value group = arith::RemUIOp::create(b, linear, g64);
    Value firstCol = arith::MulIOp::create(b, group, c64(4));
    Value lastCol = arith::MinUIOp::create(
        b, arith::AddIOp::create(b, firstCol, c64(3)),
        arith::SubIOp::create(b, k64, c64(1)));
    func::CallOp::create(b, reporter,
                         ValueRange{row, group, firstCol, lastCol, nonzeros});
  }
  // Free the word: gpu.dealloc is asynchronous, so wrap it in a stream.
  Type token = gpu::AsyncTokenType::get(ctx);
  Value start = gpu::WaitOp::create(b, token, ValueRange{}).getAsyncToken();
  Value freed =
      gpu::DeallocOp::create(b, token, ValueRange{start}, err).getAsyncToken();
  gpu::WaitOp::create(b, Type(), ValueRange{freed});
  rewriter.eraseOp(op);
  return launch;
}

/// The module that holds `op`'s error reporter.
static ModuleOp getReporterModule(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  return module ? module : op->getParentOfType<ModuleOp>();
}

LogicalResult mlir::mcore::lowerCompress2to4(Operation *root) {
  ModuleOp module = getReporterModule(root);
  SmallVector<Compress2to4Op> ops;
  root->walk([&](Compress2to4Op op) { ops.push_back(op); });
  if (!ops.empty() && !module)
    return ops.front().emitError("mcore-lower-compress-2to4 needs a module "
                                 "to hold its error reporter");
  IRRewriter rewriter(root->getContext());
  for (Compress2to4Op op : ops)
    if (failed(lowerOne(rewriter, op, module)))
      return failure();
  if (!ops.empty())
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(module.getContext()));
  return success();
}

FailureOr<gpu::LaunchOp>
mlir::mcore::lowerCompress2to4(RewriterBase &rewriter, Compress2to4Op op) {
  ModuleOp module = getReporterModule(op);
  if (!module)
    return op.emitError("mcore-lower-compress-2to4 needs a module to hold "
                        "its error reporter");
  FailureOr<gpu::LaunchOp> launch = lowerOne(rewriter, op, module);
  if (succeeded(launch))
    rewriter.modifyOpInPlace(module, [&] {
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      rewriter.getUnitAttr());
    });
  return launch;
}

namespace {
struct LowerCompress2to4Pass
    : mcore::impl::MCoreLowerCompress2to4PassBase<LowerCompress2to4Pass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(lowerCompress2to4(getOperation())))
      signalPassFailure();
  }
};
} // namespace
