//===- TileMatmulMetadataCheck.cpp - 2:4 metadata given at run time -------===//
//
// A group of 2:4 metadata that names one position twice is read differently
// by the sparse instructions (SWMMAC, SMFMAC: both values multiply the same
// element of the other operand, and add) and by the dense fallback (which
// decompresses, so one value wins): the numbers would depend on the chip.
// mcore's format is the canonical one (sparse24::checkMetadata: two
// positions in increasing order per group), checked where metadata enters:
// from Python, as a constant at compile time, and here, for metadata the
// program supplies at run time: a kernel before the matmul, one thread per
// metadata word, records the first group that is not canonical with an
// atomic minimum in a host-shared word; the host then prints
//
//   mcore: the metadata of A is not canonical 2:4: row R, group G names
//   positions 2 and 2; the first must be smaller
//
// to stderr and exits with status 65 (DataErrors.h), on every chip alike.
//
//===----------------------------------------------------------------------===//

#include "DataErrors.h"
#include "TileMatmul.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

/// Whether `v` (or a view of it, or the memory it views) is written by the
/// kernel mcore-lower-compress-2to4 makes: canonical by construction.
static bool writtenByCompress(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  SmallVector<Value> worklist = {v};
  while (!worklist.empty()) {
    Value cur = worklist.pop_back_val();
    for (Operation *user : cur.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == cur) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      auto launch = user->getParentOfType<gpu::LaunchOp>();
      auto name = launch ? launch->getAttrOfType<StringAttr>("mcore.kernel")
                         : StringAttr();
      if (name && name.getValue() == "compress_2to4")
        return true;
    }
  }
  return false;
}

void tilematmul::buildMetadataCheck(RewriterBase &rewriter, SparseMatmulOp sm) {
  Value meta = sm.getMetadata();
  auto metaType = dyn_cast<MemRefType>(meta.getType());
  auto bType = dyn_cast<MemRefType>(sm.getB().getType());
  auto module = sm->getParentOfType<ModuleOp>();
  if (sm.getCanonicalMetadata() || !metaType || !bType || !module ||
      findConstant(meta).first ||
      writtenByCompress(meta) || llvm::is_contained(metaType.getShape(), 0))
    return;
  // An op with a transposed C holds a weight on the right: its compressed
  // operand is the user's B.
  StringRef operand = sm.getTransposeC() ? "B" : "A";
  func::FuncOp reporter = getOrCreateDataErrorReporter(
      module,
      operand == "A" ? "__mcore_2to4_noncanonical"
                     : "__mcore_2to4_noncanonical_b",
      operand == "A" ? "__mcore_2to4_noncanonical_message"
                     : "__mcore_2to4_noncanonical_message_b",
      ("mcore: the metadata of " + operand +
       " is not canonical 2:4: row %lld, group %lld names positions %lld and "
       "%lld; the first must be smaller\n")
          .str(),
      4);

  MLIRContext *ctx = sm.getContext();
  ImplicitLocOpBuilder b(sm.getLoc(), rewriter);
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto c64 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i64, v);
  };
  auto c32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto dim = [&](Value v, int64_t d) -> Value {
    auto type = cast<MemRefType>(v.getType());
    if (!type.isDynamicDim(d))
      return idx(type.getDimSize(d));
    return memref::DimOp::create(b, v, d);
  };
  int64_t rank = metaType.getRank();
  Value batches = rank == 3 ? dim(meta, 0) : idx(1);
  Value R = dim(meta, rank - 2), W = dim(meta, rank - 1);
  // K is B's contracted extent; ceil(K / 4) groups per row.
  int64_t kDim = (bType.getRank() == 3 ? 1 : 0) + (sm.getTransposeB() ? 1 : 0);
  Value K = dim(sm.getB(), kDim);
  Value G = arith::CeilDivUIOp::create(b, K, idx(4));

  // The first non-canonical group, as (row * G + group) * 16 + 4 p0 + p1
  // (rows of a batch count as one matrix); INT64_MAX while there is none.
  Value none = c64(INT64_MAX);
  auto alloc = gpu::AllocOp::create(b, MemRefType::get({1}, i64),
                                    /*asyncToken=*/Type(), ValueRange{},
                                    ValueRange{}, ValueRange{},
                                    /*hostShared=*/b.getUnitAttr());
  Value err = alloc.getMemref();
  memref::StoreOp::create(b, none, err, ValueRange{idx(0)});

  Value rowsW = arith::MulIOp::create(b, R, W);
  Value total = arith::MulIOp::create(b, batches, rowsW);
  {
    OpBuilder::InsertionGuard g(b);
    Value id;
    createItemLaunch(b, total, "check_metadata_2to4", id);
    Value batch = arith::DivUIOp::create(b, id, rowsW);
    Value inBatch = arith::RemUIOp::create(b, id, rowsW);
    Value r = arith::DivUIOp::create(b, inBatch, W);
    Value w = arith::RemUIOp::create(b, inBatch, W);
    SmallVector<Value> at = {r, w};
    if (rank == 3)
      at.insert(at.begin(), batch);
    Value word = memref::LoadOp::create(b, meta, at);
    Value row = arith::AddIOp::create(b, arith::MulIOp::create(b, batch, R), r);
    Value rowFirst = arith::MulIOp::create(
        b, arith::IndexCastOp::create(b, i64, row),
        arith::IndexCastOp::create(b, i64, G));
    Value first = none;
    for (int64_t g = 0; g < 8; ++g) {
      Value gi = arith::AddIOp::create(b, arith::MulIOp::create(b, w, idx(8)),
                                       idx(g));
      Value exists =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ult, gi, G);
      Value p0 = arith::AndIOp::create(
          b, arith::ShRUIOp::create(b, word, c32(4 * g)), c32(3));
      Value p1 = arith::AndIOp::create(
          b, arith::ShRUIOp::create(b, word, c32(4 * g + 2)), c32(3));
      Value bad = arith::AndIOp::create(
          b, exists,
          arith::CmpIOp::create(b, arith::CmpIPredicate::uge, p0, p1));
      Value key = arith::AddIOp::create(
          b,
          arith::MulIOp::create(
              b,
              arith::AddIOp::create(b, rowFirst,
                                    arith::IndexCastOp::create(b, i64, gi)),
              c64(16)),
          arith::ExtUIOp::create(
              b, i64,
              arith::OrIOp::create(b, arith::ShLIOp::create(b, p0, c32(2)),
                                   p1)));
      first = arith::MinSIOp::create(
          b, first, arith::SelectOp::create(b, bad, key, none));
    }
    Value found =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, first, none);
    auto foundIf = scf::IfOp::create(b, TypeRange{}, found, false);
    b.setInsertionPoint(foundIf.thenBlock()->getTerminator());
    memref::AtomicRMWOp::create(b, arith::AtomicRMWKind::mins, first, err,
                                ValueRange{idx(0)});
  }

  // Host: report the first, if any.
  Value found = memref::LoadOp::create(b, err, ValueRange{idx(0)});
  Value bad = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, found, none);
  auto ifBad = scf::IfOp::create(b, TypeRange{}, bad, false);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(ifBad.thenBlock()->getTerminator());
    Value g64 = arith::IndexCastOp::create(b, i64, G);
    Value linear = arith::DivUIOp::create(b, found, c64(16));
    Value pair = arith::RemUIOp::create(b, found, c64(16));
    func::CallOp::create(
        b, reporter,
        ValueRange{arith::DivUIOp::create(b, linear, g64),
                   arith::RemUIOp::create(b, linear, g64),
                   arith::DivUIOp::create(b, pair, c64(4)),
                   arith::RemUIOp::create(b, pair, c64(4))});
  }
  // Free the word: gpu.dealloc is asynchronous, so wrap it in a stream.
  Type token = gpu::AsyncTokenType::get(ctx);
  Value start = gpu::WaitOp::create(b, token, ValueRange{}).getAsyncToken();
  Value freed =
      gpu::DeallocOp::create(b, token, ValueRange{start}, err).getAsyncToken();
  gpu::WaitOp::create(b, Type(), ValueRange{freed});
}
