//===- Matmul.h - End-to-end matmul checks for mcore-run --------*- C++ -*-===//
//
// What `mcore-run --matmul=MxNxK` needs besides compiling and running: the
// element types users name, the linalg.matmul it generates, random inputs
// (2:4-sparse A with random per-group patterns), a CPU reference in double
// precision and the per-element error bound results are checked against.
// docs/Running.md explains the bounds.
//
// Elements are raw bit patterns (an f16 as its 16 bits, an fp8 as its byte,
// an i4 in the low nibble), as in mcore's Sparsity.h and Packing.h.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_MATMUL_H
#define MCORE_RUNNER_MATMUL_H

#include "mcore/Target/Chip.h"
#include "mcore/Target/ScalarKind.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::mcore::runner {

/// The element types of matmul mode: inputs f16, bf16, fp8, bf8, i8, u8, i4,
/// u4, f32, f64 and OCP's MX formats fp4 (E2M1), fp6 (E2M3), bf6 (E3M2);
/// accumulators f32, f16, bf16, i32, f64. fp8 and bf8 are E4M3 and E5M2 in
/// the chip's encoding (FNUZ on gfx942, OCP on gfx950 and gfx12).
enum class ElementType : uint8_t {
  F16,
  BF16,
  FP8,
  BF8,
  I8,
  U8,
  I4,
  U4,
  F32,
  I32,
  F64,
  FP4,
  FP6,
  BF6,
};

llvm::StringRef getElementTypeName(ElementType type); ///< "f16", "u4", ...
std::optional<ElementType> parseElementType(llvm::StringRef name);
/// The input types (f16, bf16, fp8, bf8, i8, u8, i4, u4, f32, f64, fp4,
/// fp6, bf6) and the
/// accumulator types (f32, f16, bf16, i32, f64), in the order lists show
/// them.
llvm::ArrayRef<ElementType> getInputTypes();
llvm::ArrayRef<ElementType> getAccumulatorTypes();
/// "f16, bf16, fp8, bf8, i8, u8, i4, u4, f32, f64, fp4, fp6, bf6" /
/// "f32, f16, bf16, i32, f64"
std::string getInputTypeList();
std::string getAccumulatorTypeList();
bool isInputType(ElementType type);
/// C's type when none is given: f64 for f64 A, f32 for other floats, i32
/// for integers.
ElementType getDefaultAccumulatorType(ElementType a);
bool isAccumulatorType(ElementType type);
bool isFloatType(ElementType type);
bool isUnsignedType(ElementType type);
/// The matrix-instruction kind (u8 -> i8, u4 -> i4).
ScalarKind getScalarKind(ElementType type);
/// Bits of one element's value (4 for i4).
unsigned getBitWidth(ElementType type);
/// Bytes one element takes in memory: i4/u4, fp4, fp6 and bf6 take a byte
/// each, as MLIR's LLVM lowering of memref<...xi4> lays them out.
unsigned getStorageBytes(ElementType type);
/// The MLIR element type spelled in IR: "f16", "f8E4M3FNUZ", "i8", ...
std::string getMLIRTypeName(ElementType type, Fp8Format fp8);

/// One element's bit pattern, in the low getBitWidth(type) bits (f64 takes
/// all 64).
using ElementBits = uint64_t;

/// LLVM's description of a floating-point type (in `fp8`'s encoding).
const llvm::fltSemantics &getFloatSemantics(ElementType type, Fp8Format fp8);

/// Encodes `value` (rounded to nearest even; integers must be in range).
ElementBits encode(ElementType type, Fp8Format fp8, double value);
/// Decodes a bit pattern (NaN for an fp8 NaN).
double decode(ElementType type, Fp8Format fp8, ElementBits bits);
/// Unit roundoff of a floating-point type (2^-24 for f32); 0 for integers.
double getUnitRoundoff(ElementType type, Fp8Format fp8);
/// The smallest positive normal value of a floating-point type.
double getMinNormal(ElementType type, Fp8Format fp8);
/// The largest finite value of a floating-point type.
double getLargestFinite(ElementType type, Fp8Format fp8);
/// The root mean square of generateMatmulData's random elements of `type`
/// (floats: magnitudes in [1/16, 2); integers: the type's whole range), by
/// which the generator of epilogue inputs scales what the kernel computes.
double getRandomElementRms(ElementType type);

/// How far `got` (a value of `type`, as the kernel stored it) is from the
/// reference `want` (exact): 0 when it is the reference as `type` holds it
/// (a NaN for a NaN; the same infinity for an infinity; for a finite
/// reference, an infinity that `want` rounds to in `type` once moved by
/// `computed`, the bound on the kernel's value before that rounding: the
/// value may lie beyond the type's largest finite value and round to
/// infinity), infinity for any other non-finite value either side, else
/// |got - want|. An error of infinity, or above the element's bound, is a
/// mismatch (isMismatch).
double getErrorAgainstReference(double got, double want, double computed,
                                ElementType type, Fp8Format fp8);
/// Whether getErrorAgainstReference's `error` fails the bound `allowed`
/// (the bound of a non-finite reference may itself be infinite or NaN).
inline bool isMismatch(double error, double allowed) {
  return error != 0 && (std::isinf(error) || !(error <= allowed));
}

/// A step of a fused epilogue (mcore-run --epilogue, MatmulEpilogue.h): an
/// element-wise operation on C, in f32, applied in the matmul's kernel.
enum class EpilogueStep : uint8_t {
  BiasRow,  ///< + b[i] (a vector of M)
  BiasCol,  ///< + b[j] (a vector of N; "bias", as a linear layer's)
  ScaleRow, ///< * s[i]
  ScaleCol, ///< * s[j]
  Alpha,    ///< * alpha (a scalar)
  Beta,     ///< + beta * D[i][j] (a scalar and an M x N f32 matrix)
  Relu,     ///< max(x, 0)
  Gelu,     ///< x/2 (1 + erf(x / sqrt 2))
  GeluTanh, ///< x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
  Silu,     ///< x / (1 + exp(-x))
};

/// The @matmul function mcore generates, compiles and calls (mcore-run
/// --matmul, the embedding API's MatmulKernel, Python's mcore.matmul, the
/// tuner's checks): C (M x N) += A (M x K) * B (K x N), per batch, stated as
/// a caller does - element types by name (u8, fp4, ...), a 2:4 weight on the
/// right, the memrefs' static or dynamic sizes, the epilogue's steps and
/// OUT's type. The matmul the compiler sees in it is one MatmulProblem
/// (mcore/Target/MatmulProblem.h), derived in one place by
/// getCompilerProblem (MatmulKernel.h); the heuristic, the model and the
/// tiler never see this struct.
struct MatmulFunction {
  int64_t m = 0, n = 0, k = 0;
  /// Batches (C is batch x M x N, on the grid's z dimension); 0: none, the
  /// operands are matrices.
  int64_t batch = 0;
  /// Batched problems: one A (B) shared by every batch (linalg's broadcast
  /// indexing map without the batch dimension).
  bool sharedA = false, sharedB = false;
  /// Element types; the signs of integer A and B may differ (u8 x i8: a
  /// linalg.generic with arith.extui / extsi).
  ElementType a = ElementType::F16, b = ElementType::F16, c = ElementType::F32;
  bool sparseA = false; ///< A is 2:4-sparse along K
  /// B is 2:4-sparse along K and stored N x K, a weight as in y = x Wᵀ: the
  /// kernel computes Cᵀ = W xᵀ on a sparse instruction (or the faster form
  /// the performance model picks).
  bool sparseB = false;
  /// The kernel is compiled for memrefs of dynamic sizes (?x?): the sizes
  /// come at run time, and every tile may cross an edge.
  bool dynamicShapes = false;
  /// Block-scaled (OCP MX): every kMxScaleBlock consecutive elements along K
  /// of a row of A and of a column of B share one E8M0 scale 2^(e - 127),
  /// and C += sum_k (a sA) (b sB). A and B are fp8, bf8 (in the chip's
  /// encoding: OCP, or FNUZ on gfx942, which computes them as the loops
  /// kernel), fp6, bf6 or fp4, C f32, K a multiple of 32, B stored N x K (as MX
  /// weights are); the module is the scaled contraction of
  /// docs/MatmulForms.md ("Block-scaled (MX) matmuls").
  bool blockScaled = false;
  /// A stored K x M, B stored N x K (linalg.matmul indexing maps
  /// (m, n, k) -> (k, m) and (n, k)); a 2:4 A is M x K. MatmulData keeps A
  /// and B in their logical M x K and K x N order (see
  /// getStoredA/getStoredB).
  bool transposeA = false, transposeB = false;
  Chip chip = Chip::gfx1201;
  /// A fused epilogue: OUT = epilogue(C), in `out` (f32, f16 or bf16), after
  /// C += A * B; C is still written (but see cTemporary). Empty and no `out`:
  /// none.
  std::vector<EpilogueStep> epilogue;
  std::optional<ElementType> out;
  /// With an epilogue: C is only the epilogue's input. The matmul
  /// accumulates from zero into a buffer the generated function allocates,
  /// which the kernel never writes (it stores OUT alone); the function's C
  /// argument is left as it is (mcore.linear).
  bool cTemporary = false;
  bool hasEpilogue() const { return !epilogue.empty() || out.has_value(); }
  /// The type of OUT (f32 unless `out` says).
  ElementType getOutType() const { return out.value_or(ElementType::F32); }

  Fp8Format getFp8Format() const;
  bool isBatched() const { return batch > 0; }
  /// Matrices of C, and of A and B (1 when shared or not batched).
  int64_t getBatches() const { return batch > 0 ? batch : 1; }
  int64_t getBatchesA() const { return sharedA ? 1 : getBatches(); }
  int64_t getBatchesB() const { return sharedB ? 1 : getBatches(); }
  /// B as the kernel reads it: N x K (transposed, a 2:4 B, or a
  /// block-scaled one).
  bool isStoredNK() const { return transposeB || sparseB || blockScaled; }
  /// Scales per row of A (column of B) of a block-scaled problem: K / 32.
  int64_t getScaleBlocks() const { return k / kMxScaleBlock; }
  bool isSparse() const { return sparseA || sparseB; }
  /// "256x256x256 f16 x f16 -> f32, 2:4-sparse A, on gfx1201"
  std::string describe() const;
  /// Checks the types against each other (float inputs accumulate into a
  /// float C, integers into i32), the sizes (positive, at most 2^31 - 1)
  /// and the layout (one 2:4 operand, stored with K innermost; shared
  /// operands need a batch). The error is one sentence.
  llvm::Error validate() const;
  /// The error validate() gives for a size `what` ("M", "N", "K") of
  /// `value` (also for values no int64_t holds, as Python passes them).
  static llvm::Error sizeOutOfRange(llvm::StringRef what,
                                    const llvm::Twine &value);
};

/// Parses "MxNxK" (e.g. "256x256x256").
llvm::Error parseShape(llvm::StringRef text, int64_t &m, int64_t &n,
                       int64_t &k);

/// How the generated IR hands 2:4-sparse A to the compiler.
enum class SparseForm {
  /// A dense M x K tensor with mcore's 2:4 sparse_tensor encoding; the
  /// compiled code compresses (and validates) it on the GPU.
  Encoded,
  /// Compressed values (M x K/2) and metadata (M x ceil(K/32) i32), the
  /// canonical format of Sparsity.h, as mcore.sparse_matmul operands; the
  /// host compresses A (or the N x K B).
  Compressed,
};

/// The MLIR module of the problem: one function
///   @matmul(A, B, C) with memref arguments, C += A * B (dense), or
///   @matmul(values, metadata, B, C) (2:4 A, SparseForm::Compressed), or
///   @matmul(A, values, metadata, C) (2:4 B, SparseForm::Compressed), or
///   @matmul(A, B, C) -> C on tensors, the 2:4 operand with the
///   sparse_tensor 2:4 encoding (SparseForm::Encoded).
/// The op is linalg.matmul, linalg.batch_matmul (indexing maps for shared
/// or transposed operands), a linalg.generic with arith.extui / extsi for
/// mixed signs, or mcore.sparse_matmul; unsigned inputs of named ops use
/// `cast = #linalg.type_fn<cast_unsigned>`. Operands of batched problems
/// have the batch first.
/// With an epilogue (memref forms only) the function also takes its
/// operands and OUT after C (buildEpilogueArguments, MatmulEpilogue.h).
std::string buildMatmulModule(const MatmulFunction &problem, SparseForm form);
/// Whether buildMatmulModule writes the contraction of `problem` (a dense
/// one, or a 2:4 one in the encoded form) as a linalg.generic: each input
/// extended by its own cast (mixed signs: extui and extsi), or a shared
/// transposed operand, which linalg.batch_matmul's verifier does not take
/// (a shared A only as (m, k), a shared B only as (k, n)).
bool isGenericContraction(const MatmulFunction &problem);

/// The operands, as element bit patterns, row-major, batch by batch.
struct MatmulData {
  std::vector<ElementBits> a;  ///< [batch x] M x K (zeros included when 2:4)
  std::vector<ElementBits> b;  ///< [batch x] K x N (zeros included when 2:4)
  std::vector<ElementBits> c0; ///< [batch x] M x N, the initial C
  /// The 2:4 operand compressed: A's M x K rows, or the N x K rows of Bᵀ.
  std::vector<ElementBits> values;
  std::vector<uint32_t> metadata; ///< 2:4 index words (docs/Formats.md)
  /// A block-scaled problem's E8M0 scales (biased exponents): M x K/32 for
  /// A, N x K/32 for B, row-major.
  std::vector<uint8_t> scalesA, scalesB;
  /// The floats are +-1 and C0 small integers, so that every partial sum is
  /// exact in the accumulator and C must come out exactly.
  bool exactSums = false;
  /// Some elements of A and B are infinities or NaNs (generateMatmulData's
  /// `infNan`).
  bool infNan = false;
};

/// Whether operands of +-1 make every partial sum of the problem exact in
/// `accumulator` (and in C): K + 4 <= 2^precision, i.e. K <= 2044 for f16
/// and K <= 252 for bf16. generateMatmulData uses such operands for
/// f16/bf16 accumulators, whose worst-case rounding bound is too wide to
/// tell a right result from a wrong one.
bool canUseExactSums(const MatmulFunction &problem, ElementType accumulator);

/// Random operands from `seed`: floats of both signs with magnitudes in
/// [1/16, 2) rounded to the type, integers over the type's whole range, C
/// small. A 2:4 operand keeps at most two non-zeros at random positions in
/// every group of four along K: mostly two; one, or none, in about one
/// group of sixteen each (a random pattern per group; never the same
/// pattern in every group when there are two or more groups), and is
/// compressed into the canonical format. With an f16 or bf16 `accumulator` where
/// canUseExactSums, the floats are +-1 (random signs) and C0 integers in
/// [-4, 4] instead (exactSums). With `infNan` (float inputs), about one
/// element per eight rows of each A (a stored one of a 2:4 A) and one per
/// eight columns of each B (likewise) is +inf, -inf or NaN, as the type has
/// them (fp8 E4M3 has no infinity): most of C stays finite, and an infinity
/// of the dense operand meets the pruned zeros of about half of the 2:4
/// operand's rows or columns.
MatmulData generateMatmulData(const MatmulFunction &problem, uint64_t seed,
                              ElementType accumulator = ElementType::F32,
                              bool infNan = false);

/// Whether `type` has an infinity or a NaN (the floats; fp8 E4M3 has NaN
/// only), so that generateMatmulData's `infNan` can put one in.
bool hasNonFinite(ElementType type, Fp8Format fp8);

/// How far a kernel's products a b of A and B (as stored) may be from exact
/// ones: the instruction reads A and B rounded, or each product is the sum
/// of several (docs/Types.md).
struct ProductError {
  /// |product - a b| <= relative * |a b|.
  double relative = 0;
  /// Terms summed into C for each product (f32-precision=bf16x3: 3).
  unsigned terms = 1;
  /// The sum of the terms' magnitudes <= growth * |a b|.
  double growth = 1;

  /// xf32 instructions (f32-precision=tf32): A and B truncated to 10
  /// fraction bits, a relative error below e = 2^-10 each: 2 e + e^2.
  static ProductError xf32();
  /// f32-precision=bf16x3 (mcore-split-f32-matmul): A1 B0 + A0 B1 + A0 B0
  /// of the bf16 pieces x0 = bf16(x), x1 = bf16(x - x0); the dropped terms
  /// are at most u^2 (3 + 4u + 2u^2) |a b| with u = 2^-8, and the three
  /// terms at most (1 + u)^2 (1 + 2u) |a b|.
  static ProductError bf16x3();
};

/// What the CPU reference expects of every element of C.
struct MatmulReference {
  std::vector<double> value;     ///< exact C0 + A * B (integers: wrapped
                                 ///< to 32 bits as the hardware does)
  std::vector<double> tolerance; ///< allowed |result - value| (0 for ints)
  std::vector<double> magnitude; ///< |C0| + sum_k |A_ik * B_kj|
};

/// The reference for a kernel that accumulates in `accumulator` (the
/// instruction's C type; f32 for f16/bf16 C without an f16/bf16
/// instruction) and stores C as problem.c. Products follow IEEE (0 x inf is
/// NaN), except that the positions a 2:4 operand's metadata does not store
/// are structural zeros, never multiplied (docs/Sparsity.md); a stored zero
/// is multiplied. With data.exactSums the result
/// must be exact; otherwise the bound per element is
///   (K + 2) * u_acc * magnitude + u_c * |value| + minNormal(c)
/// with u the unit roundoff doubled (one unit in the last place, so it holds
/// for truncating as well as rounding hardware): the worst case of K
/// products and additions in any order, the final rounding to C's type, and
/// a flushed denormal. Products that are not exact (`products`) add
/// `products.relative` * magnitude, and products summed as several terms
/// count as that many additions each, on terms up to `products.growth`
/// times |a b|:
///   (terms K + 2) * u_acc * growth * magnitude + relative * magnitude + ...
MatmulReference computeReference(const MatmulFunction &problem,
                                 const MatmulData &data,
                                 ElementType accumulator,
                                 const ProductError &products = {});

struct MatmulCheck {
  bool pass = true;
  double maxAbsError = 0;
  /// Largest |result - value| / |value| over elements whose |value| is at
  /// least 1/1024 of their magnitude (others are dominated by cancellation
  /// and judged by the absolute bound only).
  double maxRelError = 0;
  int64_t mismatches = 0;
  /// Elements whose reference, as the result's type holds it, is not finite
  /// (an infinity or a NaN): the operands had some, or a value overflowed.
  int64_t nonFinite = 0;
  /// The first mismatching element (row-major order, batch by batch).
  int64_t batch = 0, row = -1, col = -1;
  double got = 0, want = 0, allowed = 0;
};

/// Compresses the 2:4 `rows` x `k` matrix `dense` of `type` into
/// data.values and data.metadata (sparse24::compress).
llvm::Error compressSparseRows(MatmulData &data, ElementType type,
                               llvm::ArrayRef<ElementBits> dense,
                               unsigned rows, unsigned k);

/// Compares C as the kernel left it (bit patterns of problem.c), each
/// element by getErrorAgainstReference.
MatmulCheck checkResult(const MatmulFunction &problem,
                        const MatmulReference &reference,
                        llvm::ArrayRef<ElementBits> result);

/// A and B as the kernel reads them: data.a / data.b, each matrix
/// transposed when the problem stores it so (B as N x K when isStoredNK).
std::vector<ElementBits> getStoredA(const MatmulFunction &problem,
                                    const MatmulData &data);
std::vector<ElementBits> getStoredB(const MatmulFunction &problem,
                                    const MatmulData &data);

/// A row-major memref of rank 2 or 3 as the lowered host code takes it
/// (the expanded descriptor of MLIR's calling convention): allocated and
/// aligned pointer, offset, sizes, strides. pack() appends the addresses of
/// its fields to the argument list of ExecutionEngine::invokePacked.
struct MemRefArg {
  void *allocated, *aligned;
  int64_t offset = 0, sizes[3] = {0, 0, 0}, strides[3] = {0, 0, 0};
  unsigned rank;
  /// `shape` of rank 2 or 3.
  MemRefArg(void *data, llvm::ArrayRef<int64_t> shape)
      : allocated(data), aligned(data), rank(unsigned(shape.size())) {
    int64_t stride = 1;
    for (unsigned d = rank; d-- > 0;) {
      sizes[d] = shape[d];
      strides[d] = stride;
      stride *= shape[d];
    }
  }
  void pack(llvm::SmallVectorImpl<void *> &args) {
    args.append({&allocated, &aligned, &offset});
    for (unsigned d = 0; d < rank; ++d)
      args.push_back(&sizes[d]);
    for (unsigned d = 0; d < rank; ++d)
      args.push_back(&strides[d]);
  }
};

/// Packs element bit patterns into memory of getStorageBytes(type) each.
std::vector<uint8_t> toBytes(ElementType type, llvm::ArrayRef<ElementBits> bits);
std::vector<ElementBits> fromBytes(ElementType type,
                                llvm::ArrayRef<uint8_t> bytes);

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_MATMUL_H
