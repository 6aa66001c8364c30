//===- MatmulEpilogue.cpp - Fused epilogues of mcore-run --matmul ---------===//
//
// See include/mcore/Runner/MatmulEpilogue.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/MatmulEpilogue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;
using llvm::StringRef;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
struct StepName {
  EpilogueStep step;
  const char *name;
};
} // namespace

/// Every step and its name; "bias" is also BiasCol (a linear layer's).
static constexpr StepName kSteps[] = {
    {EpilogueStep::BiasRow, "bias-row"},
    {EpilogueStep::BiasCol, "bias-col"},
    {EpilogueStep::ScaleRow, "scale-row"},
    {EpilogueStep::ScaleCol, "scale-col"},
    {EpilogueStep::Alpha, "alpha"},
    {EpilogueStep::Beta, "beta"},
    {EpilogueStep::Relu, "relu"},
    {EpilogueStep::Gelu, "gelu"},
    {EpilogueStep::GeluTanh, "gelu-tanh"},
    {EpilogueStep::Silu, "silu"},
};

StringRef runner::getEpilogueStepName(EpilogueStep step) {
  for (const StepName &s : kSteps)
    if (s.step == step)
      return s.name;
  return "?";
}

std::string runner::getEpilogueStepList() {
  std::string list = "bias (= bias-col)";
  for (const StepName &s : kSteps)
    list += std::string(", ") + s.name;
  return list;
}

llvm::Error runner::parseEpilogue(StringRef list, StringRef outType,
                                  MatmulFunction &problem) {
  problem.epilogue.clear();
  problem.out.reset();
  if (!list.empty()) {
    llvm::SmallVector<StringRef> names;
    list.split(names, ',');
    for (StringRef name : names) {
      name = name.trim();
      if (name == "bias") {
        problem.epilogue.push_back(EpilogueStep::BiasCol);
        continue;
      }
      const StepName *found = llvm::find_if(
          kSteps, [&](const StepName &s) { return name == s.name; });
      if (found == std::end(kSteps))
        return makeError("--epilogue: unknown step '" + name + "'; steps are " +
                         getEpilogueStepList());
      problem.epilogue.push_back(found->step);
    }
  }
  if (!outType.empty()) {
    std::optional<ElementType> t = parseElementType(outType);
    if (!t || (*t != ElementType::F32 && *t != ElementType::F16 &&
               *t != ElementType::BF16))
      return makeError("--out-type=" + outType +
                       ": the epilogue's result is f32, f16 or bf16");
    problem.out = *t;
  }
  return llvm::Error::success();
}

std::string runner::describeEpilogue(const MatmulFunction &problem) {
  if (!problem.hasEpilogue())
    return "";
  std::string s;
  for (EpilogueStep step : problem.epilogue)
    s += (s.empty() ? "" : ",") + getEpilogueStepName(step).str();
  return (s.empty() ? "" : s + " ") + "-> " +
         getElementTypeName(problem.getOutType()).str();
}

std::vector<EpilogueInputShape>
runner::getEpilogueInputs(const MatmulFunction &problem) {
  std::vector<EpilogueInputShape> inputs;
  for (EpilogueStep step : problem.epilogue)
    switch (step) {
    case EpilogueStep::BiasRow:
    case EpilogueStep::ScaleRow:
      inputs.push_back(EpilogueInputShape::Rows);
      break;
    case EpilogueStep::BiasCol:
    case EpilogueStep::ScaleCol:
      inputs.push_back(EpilogueInputShape::Cols);
      break;
    case EpilogueStep::Alpha:
      inputs.push_back(EpilogueInputShape::Scalar);
      break;
    case EpilogueStep::Beta:
      inputs.push_back(EpilogueInputShape::Scalar);
      inputs.push_back(EpilogueInputShape::Matrix);
      break;
    default:
      break;
    }
  return inputs;
}

int64_t runner::getEpilogueInputSize(const MatmulFunction &problem,
                                     EpilogueInputShape shape) {
  switch (shape) {
  case EpilogueInputShape::Rows:
    return problem.m;
  case EpilogueInputShape::Cols:
    return problem.n;
  case EpilogueInputShape::Scalar:
    return 1;
  case EpilogueInputShape::Matrix:
    return problem.m * problem.n;
  }
  return 0;
}

/// The memref type of an epilogue operand (not a scalar).
static std::string getInputType(const MatmulFunction &p,
                                EpilogueInputShape shape) {
  auto dim = [&](int64_t size) {
    return p.dynamicShapes ? std::string("?") : std::to_string(size);
  };
  switch (shape) {
  case EpilogueInputShape::Rows:
    return "memref<" + dim(p.m) + "xf32>";
  case EpilogueInputShape::Cols:
    return "memref<" + dim(p.n) + "xf32>";
  case EpilogueInputShape::Matrix:
    return "memref<" + dim(p.m) + "x" + dim(p.n) + "xf32>";
  case EpilogueInputShape::Scalar:
    break;
  }
  return "f32";
}

static std::string getOutMemRefType(const MatmulFunction &p) {
  std::string elem = getMLIRTypeName(p.getOutType(), p.getFp8Format());
  if (p.dynamicShapes)
    return "memref<?x?x" + elem + ">";
  return llvm::formatv("memref<{0}x{1}x{2}>", p.m, p.n, elem).str();
}

std::string runner::buildEpilogueArguments(const MatmulFunction &p) {
  std::string s;
  for (auto [i, shape] : llvm::enumerate(getEpilogueInputs(p)))
    s += llvm::formatv(", %e{0}: {1}", i, getInputType(p, shape)).str();
  return s + ", %out: " + getOutMemRefType(p);
}

std::string runner::buildTemporaryC(const MatmulFunction &p, StringRef cType) {
  std::string tc = getMLIRTypeName(p.c, p.getFp8Format());
  std::string zero = isFloatType(p.c) ? "0.0" : "0";
  std::string s = "  %acc_zero = arith.constant " + zero + " : " + tc + "\n";
  std::string sizes;
  if (p.dynamicShapes) {
    s += "  %acc_d0 = arith.constant 0 : index\n"
         "  %acc_d1 = arith.constant 1 : index\n"
         "  %acc_m = memref.dim %c, %acc_d0 : memref<" +
         cType.str() + ">\n  %acc_n = memref.dim %c, %acc_d1 : memref<" +
         cType.str() + ">\n";
    sizes = "%acc_m, %acc_n";
  }
  return s + "  %acc = memref.alloc(" + sizes + ") : memref<" + cType.str() +
         ">\n  linalg.fill ins(%acc_zero : " + tc + ") outs(%acc : memref<" +
         cType.str() + ">)\n";
}

std::string runner::buildEpilogueOp(const MatmulFunction &p, StringRef cType,
                                    StringRef cName) {
  std::vector<EpilogueInputShape> inputs = getEpilogueInputs(p);
  std::string tc = getMLIRTypeName(p.c, p.getFp8Format());
  std::string tout = getMLIRTypeName(p.getOutType(), p.getFp8Format());
  // The generic's operands: C, the memref inputs, OUT; scalars are captured.
  std::string maps = "affine_map<(i, j) -> (i, j)>", ins = cName.str(),
              insTypes = "memref<" + cType.str() + ">", blockArgs = "%x: " + tc;
  std::vector<std::string> value(inputs.size()); // the input's f32 in the body
  for (auto [i, shape] : llvm::enumerate(inputs)) {
    if (shape == EpilogueInputShape::Scalar) {
      value[i] = "%e" + std::to_string(i);
      continue;
    }
    maps += shape == EpilogueInputShape::Rows   ? ", affine_map<(i, j) -> (i)>"
            : shape == EpilogueInputShape::Cols ? ", affine_map<(i, j) -> (j)>"
                                                : ", affine_map<(i, j) -> "
                                                  "(i, j)>";
    ins += ", %e" + std::to_string(i);
    insTypes += ", " + getInputType(p, shape);
    value[i] = "%v" + std::to_string(i);
    blockArgs += ", " + value[i] + ": f32";
  }
  maps += ", affine_map<(i, j) -> (i, j)>";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "  linalg.generic {indexing_maps = [" << maps
     << "], iterator_types = [\"parallel\", \"parallel\"]}\n"
     << "      ins(" << ins << " : " << insTypes
     << ") outs(%out : " << getOutMemRefType(p) << ") {\n"
     << "  ^bb0(" << blockArgs << ", %o: " << tout << "):\n";
  unsigned next = 0;
  auto fresh = [&] { return "%t" + std::to_string(next++); };
  std::string y = "%x";
  if (p.c == ElementType::I32) {
    std::string t = fresh();
    os << "    " << t << " = arith.sitofp %x : i32 to f32\n";
    y = t;
  } else if (p.c != ElementType::F32) {
    std::string t = fresh();
    os << "    " << t << " = arith.extf %x : " << tc << " to f32\n";
    y = t;
  }
  auto emit = [&](StringRef op, StringRef lhs, StringRef rhs) {
    std::string t = fresh();
    os << "    " << t << " = " << op << " " << lhs << ", " << rhs << " : f32\n";
    return t;
  };
  auto constant = [&](double v) {
    std::string t = fresh();
    os << "    " << t << " = arith.constant " << llvm::formatv("{0:e9}", v)
       << " : f32\n";
    return t;
  };
  size_t input = 0;
  for (EpilogueStep step : p.epilogue) {
    switch (step) {
    case EpilogueStep::BiasRow:
    case EpilogueStep::BiasCol:
      y = emit("arith.addf", y, value[input++]);
      break;
    case EpilogueStep::ScaleRow:
    case EpilogueStep::ScaleCol:
    case EpilogueStep::Alpha:
      y = emit("arith.mulf", y, value[input++]);
      break;
    case EpilogueStep::Beta: {
      std::string t = emit("arith.mulf", value[input], value[input + 1]);
      input += 2;
      y = emit("arith.addf", y, t);
      break;
    }
    case EpilogueStep::Relu:
      y = emit("arith.maximumf", y, constant(0.0));
      break;
    case EpilogueStep::Gelu: {
      std::string z = emit("arith.mulf", y, constant(M_SQRT1_2));
      std::string e = fresh();
      os << "    " << e << " = math.erf " << z << " : f32\n";
      std::string one = emit("arith.addf", e, constant(1.0));
      y = emit("arith.mulf", emit("arith.mulf", y, constant(0.5)), one);
      break;
    }
    case EpilogueStep::GeluTanh: {
      std::string y3 = emit("arith.mulf", emit("arith.mulf", y, y), y);
      std::string inner =
          emit("arith.addf", y, emit("arith.mulf", y3, constant(0.044715)));
      std::string s =
          emit("arith.mulf", inner, constant(M_2_SQRTPI * M_SQRT1_2));
      std::string t = fresh();
      os << "    " << t << " = math.tanh " << s << " : f32\n";
      std::string one = emit("arith.addf", t, constant(1.0));
      y = emit("arith.mulf", emit("arith.mulf", y, constant(0.5)), one);
      break;
    }
    case EpilogueStep::Silu: {
      std::string n = fresh();
      os << "    " << n << " = arith.negf " << y << " : f32\n";
      std::string e = fresh();
      os << "    " << e << " = math.exp " << n << " : f32\n";
      y = emit("arith.divf", y, emit("arith.addf", e, constant(1.0)));
      break;
    }
    }
  }
  if (p.getOutType() != ElementType::F32) {
    std::string t = fresh();
    os << "    " << t << " = arith.truncf " << y << " : f32 to " << tout
       << "\n";
    y = t;
  }
  os << "    linalg.yield " << y << " : " << tout << "\n  }\n";
  if (p.cTemporary)
    os << "  memref.dealloc %acc : memref<" << cType << ">\n";
  return s;
}

std::vector<std::vector<float>>
runner::generateEpilogueInputs(const MatmulFunction &p, uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x65706931ull); // "epi1": not A's or B's stream
  auto uniform = [&] { return double(rng() >> 11) * 0x1.0p-53; };
  // Magnitudes in [1/16, 2) (five binades), as A's and B's floats.
  auto magnitude = [&] {
    return std::ldexp(1.0 + uniform(), int(rng() % 5) - 4);
  };
  auto sign = [&] { return rng() & 1 ? -1.0 : 1.0; };
  // Scales that keep most of OUT in its type's range: C's typical
  // magnitude (K products of random signs: sqrt(K) times the operands'
  // RMS) times the largest product of the scales at most 1/256 of OUT's
  // largest finite value, by powers of two (i8 x i8 at K = 128 into f16:
  // C is about 6e4, each of two scales 2^-5 of [1/16, 2)).
  unsigned scaleSteps = 0;
  for (EpilogueStep step : p.epilogue)
    scaleSteps += step == EpilogueStep::ScaleRow ||
                  step == EpilogueStep::ScaleCol;
  double shrink = 1;
  if (scaleSteps) {
    double typical = std::sqrt(double(p.k)) * getRandomElementRms(p.a) *
                     getRandomElementRms(p.b);
    double room = getLargestFinite(p.getOutType(), p.getFp8Format()) /
                  (256 * typical * std::ldexp(1.0, int(scaleSteps)));
    if (room < 1)
      shrink = std::exp2(std::floor(std::log2(room) / scaleSteps));
  }
  std::vector<std::vector<float>> inputs;
  size_t input = 0;
  std::vector<EpilogueInputShape> shapes = getEpilogueInputs(p);
  auto fill = [&](bool positive) {
    std::vector<float> v(size_t(getEpilogueInputSize(p, shapes[input++])));
    for (float &x : v)
      x = float(positive ? magnitude() : sign() * magnitude());
    inputs.push_back(std::move(v));
  };
  for (EpilogueStep step : p.epilogue)
    switch (step) {
    case EpilogueStep::BiasRow:
    case EpilogueStep::BiasCol:
      fill(false);
      break;
    case EpilogueStep::ScaleRow:
    case EpilogueStep::ScaleCol:
      fill(true);
      for (float &x : inputs.back())
        x = float(x * shrink);
      break;
    case EpilogueStep::Alpha:
      inputs.push_back({float(sign() * (0.5 + 1.5 * uniform()))});
      ++input;
      break;
    case EpilogueStep::Beta:
      inputs.push_back({float(sign() * (0.5 + 1.5 * uniform()))});
      ++input;
      fill(false);
      break;
    default:
      break;
    }
  return inputs;
}

namespace {
/// A value computed in double and a bound on the error of the kernel's f32
/// computation of it.
struct Bounded {
  double value, error;
};
} // namespace

/// One ulp of f32 (twice the unit roundoff, so that the bound holds for
/// truncation as well as rounding); what each f32 operation may add, times
/// the magnitude of its result. The smallest normal f32 covers a flushed
/// denormal.
static constexpr double kUlp = 0x1.0p-23;
static constexpr double kMinNormal = 0x1.0p-126;
/// The absolute error of the device's erf and tanh (MLIR's polynomial
/// approximations, mcore-expand-math) and the relative error of its exp, in
/// ulps of f32 (docs/Running.md gives the measured values).
static constexpr double kErfTanhError = 4 * kUlp;
static constexpr double kExpError = 4 * kUlp;
/// The largest slope of GELU (both forms) and of SiLU, which carry the
/// error of their input.
static constexpr double kGeluSlope = 1.13, kSiluSlope = 1.1;

/// A rounded f32 operation: its result `v` and the error it adds.
static double rounding(double v) { return kUlp * std::fabs(v) + kMinNormal; }

/// Applies one step in double and follows the error bound.
static Bounded applyStep(EpilogueStep step, Bounded y,
                         llvm::ArrayRef<double> in) {
  double x = y.value, e = y.error;
  switch (step) {
  case EpilogueStep::BiasRow:
  case EpilogueStep::BiasCol: {
    double v = x + in[0];
    return {v, e + rounding(std::fabs(v) + e)};
  }
  case EpilogueStep::ScaleRow:
  case EpilogueStep::ScaleCol:
  case EpilogueStep::Alpha: {
    double v = x * in[0];
    double err = e * std::fabs(in[0]);
    return {v, err + rounding(std::fabs(v) + err)};
  }
  case EpilogueStep::Beta: {
    double t = in[0] * in[1], v = x + t;
    double err = e + rounding(t);
    return {v, err + rounding(std::fabs(v) + err)};
  }
  case EpilogueStep::Relu:
    return {std::max(x, 0.0), e};
  case EpilogueStep::Gelu: {
    // z = x / sqrt 2 (the constant and the product rounded), erf(z) within
    // kErfTanhError, 1 + erf, x / 2 exact, the product.
    double z = x * M_SQRT1_2, dz = 2 * rounding(z);
    double slope =
        M_2_SQRTPI * std::exp(-std::pow(std::max(0.0, std::fabs(z) - dz), 2));
    double erfErr = kErfTanhError + slope * dz;
    double v = 0.5 * x * (1 + std::erf(z));
    double own = 0.5 * std::fabs(x) * (erfErr + rounding(2)) + rounding(v);
    return {v, kGeluSlope * e + own};
  }
  case EpilogueStep::GeluTanh: {
    // x^3 (two products), times 0.044715 (constant and product), plus x,
    // times sqrt(2/pi) (constant and product), tanh within kErfTanhError,
    // 1 + tanh, x / 2 exact, the product.
    double k0 = M_2_SQRTPI * M_SQRT1_2, k1 = 0.044715;
    double x3 = x * x * x, c = k1 * x3, inner = x + c, s = k0 * inner;
    double dInner = 4 * rounding(c) + rounding(inner);
    double ds = k0 * dInner + 2 * rounding(s);
    double t = std::tanh(std::max(0.0, std::fabs(s) - ds));
    double tanhErr = kErfTanhError + (1 - t * t) * ds;
    double v = 0.5 * x * (1 + std::tanh(s));
    double own = 0.5 * std::fabs(x) * (tanhErr + rounding(2)) + rounding(v);
    return {v, kGeluSlope * e + own};
  }
  case EpilogueStep::Silu: {
    // exp(-x) within kExpError relative, 1 + exp, the quotient. The error
    // of d relative to d: exp(-x) / d is 1 / (1 + exp(x)), which stays
    // finite where exp(-x) overflows (a dequantized i32 C far below zero:
    // d is infinite and v is -0, on the device as here).
    double ex = std::exp(-x), d = 1 + ex, v = x / d;
    double ddOverD = kExpError / (1 + std::exp(x)) + kUlp + kMinNormal / d;
    double own = std::fabs(v) * ddOverD + rounding(v);
    return {v, kSiluSlope * e + own};
  }
  }
  return y;
}

MatmulCheck runner::checkEpilogue(const MatmulFunction &p,
                                  llvm::ArrayRef<ElementBits> c,
                                  llvm::ArrayRef<std::vector<float>> inputs,
                                  llvm::ArrayRef<ElementBits> out) {
  Fp8Format fp8 = p.getFp8Format();
  ElementType outType = p.getOutType();
  double uOut = 2 * getUnitRoundoff(outType, fp8);
  double minOut = getMinNormal(outType, fp8);
  std::vector<EpilogueInputShape> shapes = getEpilogueInputs(p);
  MatmulCheck check;
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t j = 0; j < p.n; ++j) {
      size_t idx = size_t(i * p.n + j);
      double x = decode(p.c, fp8, c[idx]);
      // C in f32: exact from f32, f16 and bf16; i32 is rounded.
      Bounded y{x, p.c == ElementType::I32 ? rounding(x) : 0.0};
      size_t input = 0;
      auto operand = [&](size_t n) {
        EpilogueInputShape s = shapes[n];
        size_t at = s == EpilogueInputShape::Rows     ? size_t(i)
                    : s == EpilogueInputShape::Cols   ? size_t(j)
                    : s == EpilogueInputShape::Matrix ? idx
                                                      : 0;
        return double(inputs[n][at]);
      };
      for (EpilogueStep step : p.epilogue) {
        llvm::SmallVector<double, 2> in;
        unsigned count =
            step == EpilogueStep::Beta ? 2
            : step == EpilogueStep::Relu || step == EpilogueStep::Gelu ||
                    step == EpilogueStep::GeluTanh || step == EpilogueStep::Silu
                ? 0
                : 1;
        for (unsigned n = 0; n < count; ++n)
          in.push_back(operand(input++));
        y = applyStep(step, y, in);
      }
      double want = y.value;
      double allowed = y.error + uOut * (std::fabs(want) + y.error) + minOut;
      double got = decode(outType, fp8, out[idx]);
      // The reference as OUT holds it: 65529.4 is an infinity in f16, and
      // the kernel's f32 value within the bound may round to it.
      double err = getErrorAgainstReference(got, want, y.error, outType, fp8);
      double stored = decode(outType, fp8, encode(outType, fp8, want));
      if (!std::isfinite(stored))
        ++check.nonFinite;
      check.maxAbsError = std::max(check.maxAbsError, err);
      if (want != 0 && std::fabs(want) > 1e-3)
        check.maxRelError = std::max(check.maxRelError, err / std::fabs(want));
      if (isMismatch(err, allowed) && check.mismatches++ == 0) {
        check.row = i;
        check.col = j;
        check.got = got;
        check.want = stored;
        check.allowed = allowed;
      }
    }
  check.pass = check.mismatches == 0;
  return check;
}
