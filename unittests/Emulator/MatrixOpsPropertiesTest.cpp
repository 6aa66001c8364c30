//===- MatrixOpsPropertiesTest.cpp - Properties of every matrix op --------===//
//
// Checks that hold for every matrix intrinsic the emulator knows, on every
// chip and wave size, including the ones mcore's catalog does not list
// (multi-block and f32/f64 MFMA, RDNA wave64, the _tied forms):
//
//   * every layout places distinct elements in distinct bits, inside the
//     operand;
//   * the sparse index obeys the rule the AMD matrix instruction calculator
//     and CK agree on: 2-bit field f of a lane describes A element f of the
//     same lane;
//   * the modifiers do what the ISA says, as relations between executions:
//     cbsz/abid broadcasts A blocks, blgp reads B from other lanes, f64 blgp
//     negates, op_sel writes the high halves;
//   * invalid immediates and unequal RDNA3 copies are errors;
//   * rounding and special values of the accumulators.
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/MatrixOps.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <random>
#include <set>

namespace emu = mlir::mcore::emu;
using emu::MatrixOp;
using Operand = MatrixOp::Operand;

namespace {

struct TargetSpec {
  const char *chip;
  unsigned wave;
};
const TargetSpec kTargets[] = {{"gfx908", 64},  {"gfx90a", 64},
                               {"gfx942", 64},  {"gfx950", 64},
                               {"gfx1100", 32}, {"gfx1100", 64},
                               {"gfx1201", 32}, {"gfx1201", 64},
                               {"gfx1250", 32}};

emu::Target target(const char *chip, unsigned wave = 0) {
  return llvm::cantFail(emu::getTarget(chip, wave));
}

/// Every (intrinsic, target) the emulator accepts.
std::vector<const MatrixOp *> allOps() {
  std::vector<const MatrixOp *> ops;
  for (const std::string &name : MatrixOp::getKnownIntrinsics())
    for (const TargetSpec &t : kTargets) {
      llvm::Expected<const MatrixOp *> op =
          MatrixOp::get(name, target(t.chip, t.wave));
      if (op)
        ops.push_back(*op);
      else
        llvm::consumeError(op.takeError());
    }
  return ops;
}

std::string describe(const MatrixOp &op) {
  return llvm::formatv("{0} on {1} wave{2}", op.getName(),
                       op.getTarget().chip, op.getTarget().waveSize)
      .str();
}

TEST(MatrixOpsProperties, EveryIntrinsicExistsSomewhere) {
  std::vector<const MatrixOp *> ops = allOps();
  std::set<std::string> seen;
  for (const MatrixOp *op : ops)
    seen.insert(op->getName().str());
  for (const std::string &name : MatrixOp::getKnownIntrinsics())
    EXPECT_TRUE(seen.count(name)) << name << " exists on no target";
  // Every intrinsic on each chip and wave size that has it.
  EXPECT_GT(ops.size(), 150u);
}

TEST(MatrixOpsProperties, LayoutsAreInjectiveAndInsideTheOperands) {
  for (const MatrixOp *op : allOps()) {
    SCOPED_TRACE(describe(*op));
    unsigned wave = op->getTarget().waveSize;
    unsigned kA = op->isSparse() ? op->getK() / 2 : op->getK();
    struct Check {
      Operand operand;
      unsigned rows, cols, bits, bytes;
    } checks[] = {
        {Operand::A, op->getM(), kA, emu::getElemBits(op->getAType()),
         op->getABytes()},
        {Operand::B, op->getK(), op->getN(), emu::getElemBits(op->getBType()),
         op->getBBytes()},
        {Operand::C, op->getM(), op->getN(), emu::getElemBits(op->getCType()),
         op->getCBytes()},
    };
    for (const Check &c : checks) {
      std::set<std::pair<unsigned, unsigned>> used; // (lane, bit)
      for (unsigned b = 0; b < op->getBlocks(); ++b)
        for (unsigned r = 0; r < c.rows; ++r)
          for (unsigned col = 0; col < c.cols; ++col) {
            MatrixOp::Location l = op->locate(c.operand, b, r, col);
            ASSERT_LT(l.lane, wave);
            ASSERT_LE(l.bit + c.bits, c.bytes * 8);
            ASSERT_EQ(l.bit % c.bits, 0u);
            for (unsigned x = 0; x < c.bits; ++x)
              ASSERT_TRUE(used.insert({l.lane, l.bit + x}).second)
                  << "operand " << int(c.operand) << " block " << b << " ("
                  << r << ", " << col << ") overlaps another element";
          }
    }
  }
}

// The MX instructions under every format: A and B fill exactly the
// operand sizes LLVM 22 gives them (llc-22: gfx950 <8/6/4 x i32>, gfx1250
// <16/12/8 x i32>, the 32-row f4 A <16 x i32>), one element per slot.
TEST(MatrixOpsProperties, MxLayoutsFillTheirOperandsForEveryFormat) {
  struct Case {
    const char *name, *chip;
    unsigned aWords[5], bWords[5]; ///< by format code 0-4
  } cases[] = {
      {"llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4", "gfx950",
       {8, 8, 6, 6, 4}, {8, 8, 6, 6, 4}},
      {"llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4", "gfx950",
       {8, 8, 6, 6, 4}, {8, 8, 6, 6, 4}},
      {"llvm.amdgcn.wmma.f32.16x16x128.f8f6f4", "gfx1250",
       {16, 16, 12, 12, 8}, {16, 16, 12, 12, 8}},
      {"llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4", "gfx1250",
       {16, 16, 12, 12, 8}, {16, 16, 12, 12, 8}},
      {"llvm.amdgcn.wmma.scale.f32.32x16x128.f4", "gfx1250",
       {0, 0, 0, 0, 16}, {0, 0, 0, 0, 8}},
  };
  for (const Case &c : cases) {
    const MatrixOp &op = *llvm::cantFail(MatrixOp::get(c.name, target(c.chip)));
    for (unsigned f = 0; f < 5; ++f) {
      if (!c.aWords[f])
        continue;
      SCOPED_TRACE(std::string(c.name) + " format " + std::to_string(f));
      emu::MatrixImmediates imm;
      if (op.hasFormats())
        imm.cbsz = imm.blgp = f;
      EXPECT_EQ(op.getABytes(imm), 4 * c.aWords[f]);
      EXPECT_EQ(op.getBBytes(imm), 4 * c.bWords[f]);
      unsigned bits = emu::getElemBits(op.getAType(imm));
      for (Operand operand : {Operand::A, Operand::B}) {
        bool isA = operand == Operand::A;
        unsigned rows = isA ? op.getM() : op.getK();
        unsigned cols = isA ? op.getK() : op.getN();
        unsigned bytes = isA ? op.getABytes(imm) : op.getBBytes(imm);
        std::set<std::pair<unsigned, unsigned>> used; // (lane, slot)
        for (unsigned r = 0; r < rows; ++r)
          for (unsigned col = 0; col < cols; ++col) {
            MatrixOp::Location l = op.locate(operand, 0, r, col, imm);
            ASSERT_LT(l.lane, op.getTarget().waveSize);
            ASSERT_LE(l.bit + bits, bytes * 8);
            ASSERT_EQ(l.bit % bits, 0u);
            ASSERT_TRUE(used.insert({l.lane, l.bit / bits}).second)
                << (isA ? "A" : "B") << " (" << r << ", " << col << ")";
          }
        // Every slot of every lane holds an element.
        EXPECT_EQ(used.size(), op.getTarget().waveSize * bytes * 8 / bits);
      }
    }
  }
}

TEST(MatrixOpsProperties, SparseIndexFieldDescribesTheLanesOwnAElement) {
  unsigned tested = 0;
  for (const MatrixOp *op : allOps()) {
    if (!op->isSparse())
      continue;
    SCOPED_TRACE(describe(*op));
    ++tested;
    unsigned kA = op->getK() / 2;
    unsigned aBits = emu::getElemBits(op->getAType());
    unsigned setBits = 32 * op->getIndexWords() / op->getNumIndexSets();
    std::set<std::pair<unsigned, unsigned>> used;
    for (unsigned i = 0; i < op->getM(); ++i)
      for (unsigned kc = 0; kc < kA; ++kc) {
        MatrixOp::Location a = op->locate(Operand::A, 0, i, kc);
        MatrixOp::Location f = op->locate(Operand::Index, 0, i, kc);
        EXPECT_EQ(f.lane, a.lane) << "(" << i << ", " << kc << ")";
        EXPECT_EQ(f.bit % 2, 0u);
        EXPECT_LT(f.bit, setBits);
        // Field f <-> element f of the lane's A vector.
        EXPECT_EQ(f.bit / 2, a.bit / aBits) << "(" << i << ", " << kc << ")";
        EXPECT_TRUE(used.insert({f.lane, f.bit}).second);
        // The two values of a group share a nibble, in order.
        if (kc % 2 == 1) {
          MatrixOp::Location first = op->locate(Operand::Index, 0, i, kc - 1);
          EXPECT_EQ(first.lane, f.lane);
          EXPECT_EQ(first.bit + 2, f.bit);
          EXPECT_EQ(first.bit % 4, 0u);
        }
      }
  }
  EXPECT_GT(tested, 30u);
}

//===----------------------------------------------------------------------===//
// Modifiers, as relations between executions
//===----------------------------------------------------------------------===//

struct Regs {
  std::vector<uint8_t> a, b, c;
  std::vector<uint32_t> idx;
};

Regs randomRegs(const MatrixOp &op, std::mt19937 &rng) {
  unsigned w = op.getTarget().waveSize;
  Regs r;
  auto fill = [&](std::vector<uint8_t> &v, size_t n, emu::ElemType t) {
    v.resize(n);
    unsigned bits = emu::getElemBits(t);
    for (size_t i = 0; i < n; i += bits / 8 ? bits / 8 : 1) {
      if (t == emu::ElemType::F16) {
        _Float16 h = _Float16(std::uniform_real_distribution<float>(-1, 1)(rng));
        std::memcpy(&v[i], &h, 2);
      } else if (t == emu::ElemType::F32) {
        float f = std::uniform_real_distribution<float>(-1, 1)(rng);
        std::memcpy(&v[i], &f, 4);
      } else if (t == emu::ElemType::F64) {
        double d = std::uniform_real_distribution<double>(-1, 1)(rng);
        std::memcpy(&v[i], &d, 8);
      } else {
        for (unsigned x = 0; x < std::max(1u, bits / 8); ++x)
          v[i + x] = uint8_t(rng());
      }
    }
  };
  fill(r.a, size_t(w) * op.getABytes(), op.getAType());
  fill(r.b, size_t(w) * op.getBBytes(), op.getBType());
  fill(r.c, size_t(w) * op.getCBytes(), op.getCType());
  if (op.isSparse())
    for (unsigned l = 0; l < w * op.getIndexWords(); ++l)
      r.idx.push_back(uint32_t(rng()));
  return r;
}

std::vector<uint8_t> run(const MatrixOp &op, const emu::MatrixImmediates &imm,
                         const Regs &r) {
  std::vector<uint8_t> d(r.c.size());
  llvm::Error e = op.execute(imm, r.a, r.b, r.c, r.idx, d);
  EXPECT_FALSE(bool(e)) << llvm::toString(std::move(e));
  return d;
}

// CBSZ broadcasts block floor(b / 2^cbsz) * 2^cbsz + ABID of A to the
// 2^cbsz blocks of its group (CDNA3 ISA guide; the calculator's
// _get_cbsz_abid_transformed_block).
TEST(MatrixOpsProperties, MfmaCbszAbidBroadcastsABlocks) {
  std::mt19937 rng(5);
  for (const char *name : {"llvm.amdgcn.mfma.f32.4x4x4f16",
                           "llvm.amdgcn.mfma.f32.16x16x4f16",
                           "llvm.amdgcn.mfma.f32.32x32x4f16",
                           "llvm.amdgcn.mfma.i32.4x4x4i8",
                           "llvm.amdgcn.mfma.f32.16x16x1f32"}) {
    const MatrixOp &op = *llvm::cantFail(MatrixOp::get(name, target("gfx942")));
    SCOPED_TRACE(describe(op));
    unsigned blocks = op.getBlocks(), bits = emu::getElemBits(op.getAType());
    for (unsigned cbsz = 1; (1u << cbsz) <= blocks; ++cbsz)
      for (unsigned abid = 0; abid < (1u << cbsz); abid += (1u << cbsz) - 1) {
        Regs r = randomRegs(op, rng);
        emu::MatrixImmediates imm;
        imm.cbsz = cbsz;
        imm.abid = abid;
        std::vector<uint8_t> got = run(op, imm, r);
        // The same with A's blocks copied by hand and no broadcast.
        Regs copy = r;
        for (unsigned b = 0; b < blocks; ++b) {
          unsigned src = (b >> cbsz << cbsz) + abid;
          for (unsigned i = 0; i < op.getM(); ++i)
            for (unsigned k = 0; k < op.getK(); ++k) {
              MatrixOp::Location to = op.locate(Operand::A, b, i, k);
              MatrixOp::Location from = op.locate(Operand::A, src, i, k);
              std::memcpy(&copy.a[to.lane * op.getABytes() + to.bit / 8],
                          &r.a[from.lane * op.getABytes() + from.bit / 8],
                          bits / 8);
            }
        }
        EXPECT_EQ(got, run(op, {}, copy)) << "cbsz " << cbsz << " abid " << abid;
        // (and the broadcast changes the result: the relation is not empty)
        EXPECT_NE(got, run(op, {}, r)) << "cbsz " << cbsz << " abid " << abid;
      }
  }
}

// BLGP: lane L of B is read from lane 32 + L % 32 (2), L % 32 (1),
// (L + 16) % 64 (3: rotate down by 16), 16 * (blgp - 4) + L % 16 (4-7:
// broadcast one group of 16) (CDNA3 ISA guide, MFMA BLGP table).
TEST(MatrixOpsProperties, MfmaBlgpReadsBFromOtherLanes) {
  auto source = [](unsigned blgp, unsigned lane) -> unsigned {
    switch (blgp) {
    case 1:
      return lane % 32;
    case 2:
      return 32 + lane % 32;
    case 3:
      return (lane + 16) % 64;
    case 0:
      return lane;
    default:
      return 16 * (blgp - 4) + lane % 16;
    }
  };
  std::mt19937 rng(6);
  for (const char *name : {"llvm.amdgcn.mfma.f32.32x32x8f16",
                           "llvm.amdgcn.mfma.f32.16x16x16f16",
                           "llvm.amdgcn.mfma.i32.16x16x32.i8",
                           "llvm.amdgcn.mfma.f32.4x4x1f32"}) {
    const MatrixOp &op = *llvm::cantFail(MatrixOp::get(name, target("gfx942")));
    SCOPED_TRACE(describe(op));
    for (unsigned blgp = 1; blgp < 8; ++blgp) {
      Regs r = randomRegs(op, rng);
      emu::MatrixImmediates imm;
      imm.blgp = blgp;
      std::vector<uint8_t> got = run(op, imm, r);
      Regs moved = r;
      unsigned n = op.getBBytes();
      for (unsigned lane = 0; lane < 64; ++lane)
        std::memcpy(&moved.b[lane * n], &r.b[source(blgp, lane) * n], n);
      EXPECT_EQ(got, run(op, {}, moved)) << "blgp " << blgp;
      EXPECT_NE(got, run(op, {}, r)) << "blgp " << blgp;
    }
  }
}

// On gfx940 and later, the blgp bits of an f64 MFMA negate A, B and C.
TEST(MatrixOpsProperties, F64MfmaBlgpNegatesOnCdna3) {
  std::mt19937 rng(7);
  const MatrixOp &op = *llvm::cantFail(
      MatrixOp::get("llvm.amdgcn.mfma.f64.16x16x4f64", target("gfx942")));
  for (unsigned neg = 1; neg < 8; ++neg) {
    Regs r = randomRegs(op, rng);
    emu::MatrixImmediates imm;
    imm.blgp = neg;
    std::vector<uint8_t> got = run(op, imm, r);
    Regs flipped = r;
    auto flipSigns = [](std::vector<uint8_t> &v) {
      for (size_t i = 7; i < v.size(); i += 8)
        v[i] ^= 0x80;
    };
    if (neg & 1)
      flipSigns(flipped.a);
    if (neg & 2)
      flipSigns(flipped.b);
    if (neg & 4)
      flipSigns(flipped.c);
    EXPECT_EQ(got, run(op, {}, flipped)) << "neg " << neg;
    if (neg != 3) // (-A)(-B) = AB
      EXPECT_NE(got, run(op, {}, r)) << "neg " << neg;
  }
}

// RDNA3 16-bit accumulators: op_sel picks the half of each register that
// holds C and receives D; the other half passes through.
TEST(MatrixOpsProperties, Rdna3OpselUsesTheHighHalves) {
  std::mt19937 rng(8);
  for (const char *name : {"llvm.amdgcn.wmma.f16.16x16x16.f16",
                           "llvm.amdgcn.wmma.bf16.16x16x16.bf16.tied"}) {
    for (unsigned wave : {32u, 64u}) {
      const MatrixOp &op =
          *llvm::cantFail(MatrixOp::get(name, target("gfx1100", wave)));
      SCOPED_TRACE(describe(op));
      Regs r = randomRegs(op, rng);
      // RDNA3 replicates A and B: copy lanes 0-15 to the other groups.
      for (std::vector<uint8_t> *v : {&r.a, &r.b}) {
        size_t n = v->size() / wave;
        for (unsigned lane = 16; lane < wave; ++lane)
          std::memcpy(&(*v)[lane * n], &(*v)[(lane % 16) * n], n);
      }
      emu::MatrixImmediates hi;
      hi.opsel = true;
      std::vector<uint8_t> dHi = run(op, hi, r);
      // Swap the halves of every register of C, run with op_sel 0, swap
      // the halves of D back.
      auto swapHalves = [](std::vector<uint8_t> &v) {
        for (size_t i = 0; i < v.size(); i += 4) {
          std::swap(v[i], v[i + 2]);
          std::swap(v[i + 1], v[i + 3]);
        }
      };
      Regs swapped = r;
      swapHalves(swapped.c);
      std::vector<uint8_t> dLo = run(op, {}, swapped);
      swapHalves(dLo);
      EXPECT_EQ(dHi, dLo);
      EXPECT_NE(dHi, run(op, {}, r));
      // The low halves of D are C's.
      for (size_t i = 0; i < dHi.size(); i += 4)
        EXPECT_EQ(std::memcmp(&dHi[i], &r.c[i], 2), 0) << "byte " << i;
    }
  }
}

TEST(MatrixOpsProperties, Rdna3UnequalCopiesAreAnError) {
  const MatrixOp &op = *llvm::cantFail(MatrixOp::get(
      "llvm.amdgcn.wmma.f32.16x16x16.f16", target("gfx1100")));
  std::mt19937 rng(9);
  Regs r = randomRegs(op, rng);
  for (unsigned lane = 16; lane < 32; ++lane)
    std::memcpy(&r.a[lane * 32], &r.a[(lane - 16) * 32], 32);
  for (unsigned lane = 16; lane < 32; ++lane)
    std::memcpy(&r.b[lane * 32], &r.b[(lane - 16) * 32], 32);
  std::vector<uint8_t> d(r.c.size());
  EXPECT_FALSE(bool(op.execute({}, r.a, r.b, r.c, r.idx, d)));
  r.b[21 * 32 + 6] ^= 1; // lane 21, element 3
  llvm::Error e = op.execute({}, r.a, r.b, r.c, r.idx, d);
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("lanes 5 and 21 hold different copies of B[3][5]"),
            std::string::npos)
      << msg;
}

TEST(MatrixOpsProperties, InvalidImmediatesAreErrors) {
  auto verify = [](const char *name, const char *chip,
                   emu::MatrixImmediates imm) {
    const MatrixOp &op = *llvm::cantFail(MatrixOp::get(name, target(chip)));
    return llvm::toString(op.verify(imm));
  };
  emu::MatrixImmediates imm;
  imm.opsel = true;
  EXPECT_NE(verify("llvm.amdgcn.wmma.f16.16x16x16.f16", "gfx1201", imm)
                .find("op_sel must be 0"),
            std::string::npos);
  imm = {};
  imm.indexSet = 1;
  EXPECT_NE(verify("llvm.amdgcn.swmmac.i32.16x16x64.iu4", "gfx1201", imm)
                .find("index set 1 out of range"),
            std::string::npos);
  EXPECT_EQ(verify("llvm.amdgcn.swmmac.i32.16x16x32.iu4", "gfx1201", imm), "");
  imm = {};
  imm.abid = 4;
  EXPECT_NE(verify("llvm.amdgcn.smfmac.f32.16x16x32.f16", "gfx942", imm)
                .find("4 set(s) of 8 bits"),
            std::string::npos);
  imm.abid = 1;
  EXPECT_NE(verify("llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8", "gfx950", imm)
                .find("1 set(s) of 32 bits"),
            std::string::npos);
  imm = {};
  imm.cbsz = 1;
  EXPECT_NE(verify("llvm.amdgcn.mfma.f32.32x32x8f16", "gfx942", imm)
                .find("has 1 block(s)"),
            std::string::npos);
  imm = {};
  imm.clamp = true;
  EXPECT_NE(verify("llvm.amdgcn.wmma.f32.16x16x16.f16", "gfx1201", imm)
                .find("has no clamp operand"),
            std::string::npos);
  // Intrinsics on the wrong chip, unknown ones, unemulated ones.
  llvm::Expected<const MatrixOp *> op =
      MatrixOp::get("llvm.amdgcn.smfmac.f32.16x16x32.f16", target("gfx90a"));
  ASSERT_FALSE(bool(op));
  EXPECT_NE(llvm::toString(op.takeError()).find("does not exist on gfx90a"),
            std::string::npos);
  op = MatrixOp::get("llvm.amdgcn.mfma.f32.16x16x128.f8f6f4",
                     target("gfx950"));
  ASSERT_FALSE(bool(op));
  EXPECT_NE(llvm::toString(op.takeError()).find("is not emulated"),
            std::string::npos);
  // gfx1250's MX WMMA: scale selects 0-1 (0 for the 32-row A), E8M0 and
  // E4M3 scales, E5M3 refused, no scale operands on the plain forms.
  auto refused = [&](const char *name, emu::MatrixImmediates bad,
                     const char *want) {
    std::string err = verify(name, "gfx1250", bad);
    EXPECT_NE(err.find(want), std::string::npos) << name << ": " << err;
  };
  const char *w16 = "llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4";
  const char *w32 = "llvm.amdgcn.wmma.scale.f32.32x16x128.f4";
  emu::MatrixImmediates good;
  good.scaleSelA = 1;
  good.scaleFmtB = 2;
  good.cbsz = 2;
  EXPECT_EQ(verify(w16, "gfx1250", good), "");
  refused(w32, good, "is fp4 x fp4");
  good.cbsz = 0;
  refused(w32, good, "matrix_a_scale must be 0");
  good.scaleSelA = 2;
  refused(w16, good, "out of range");
  emu::MatrixImmediates e5m3, fmt5, sel, cmod;
  e5m3.scaleFmtA = 1;
  refused(w16, e5m3, "E5M3");
  fmt5.blgp = 5;
  refused(w16, fmt5, "matrix_b_fmt 5 name no format");
  sel.scaleSelB = 1;
  refused("llvm.amdgcn.wmma.f32.16x16x128.f8f6f4", sel, "has no block scales");
  cmod.cMod = 1;
  refused(w32, cmod, "at 0 only");
  // gfx950's block-scaled MFMA: formats 0-4 in cbsz / blgp, op_sel 0-3, no
  // abid; the scale words must be given.
  const char *mx = "llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4";
  imm = {};
  imm.cbsz = 5;
  EXPECT_NE(verify(mx, "gfx950", imm).find("name no format"),
            std::string::npos);
  imm = {};
  imm.scaleSelB = 4;
  EXPECT_NE(verify(mx, "gfx950", imm).find("op_sel 0 / 4 out of range"),
            std::string::npos);
  imm = {};
  imm.abid = 1;
  EXPECT_NE(verify(mx, "gfx950", imm).find("has only cbsz, blgp"),
            std::string::npos);
  imm = {};
  imm.scaleSelA = 1;
  EXPECT_NE(verify("llvm.amdgcn.mfma.f32.16x16x32.f16", "gfx950", imm)
                .find("has no block scales"),
            std::string::npos);
  op = MatrixOp::get(mx, target("gfx950"));
  ASSERT_TRUE(bool(op)) << llvm::toString(op.takeError());
  imm = {};
  imm.cbsz = 4; // fp4 A: 16 bytes per lane, fp8 B: 32
  std::vector<uint8_t> a(64 * 16), b(64 * 32), c(64 * 16), d(64 * 16);
  std::string err =
      llvm::toString((*op)->execute(imm, a, b, c, {}, d, {}));
  EXPECT_NE(err.find("operand A scale has 0 bytes"), std::string::npos)
      << err;
}

//===----------------------------------------------------------------------===//
// Accumulator rounding and special values
//===----------------------------------------------------------------------===//

/// Runs a 16x16x16 RDNA4 WMMA with A = e_0 (only A[i][0] = a[i]), B[0][j] =
/// 1 and C = c[i][j]: D[i][j] = a[i] + c[i][j], rounded to the accumulator.
template <typename T>
std::vector<T> addThroughWmma(const char *name, const std::vector<float> &a,
                              const std::vector<T> &c) {
  const MatrixOp &op = *llvm::cantFail(MatrixOp::get(name, target("gfx1201")));
  std::vector<uint8_t> ra(32 * op.getABytes()), rb(32 * op.getBBytes()),
      rc(32 * op.getCBytes()), rd(rc.size());
  bool bf = op.getAType() == emu::ElemType::BF16;
  auto put16 = [&](std::vector<uint8_t> &v, unsigned bytesPerLane,
                   MatrixOp::Location l, float x) {
    uint16_t bits;
    if (bf) {
      uint32_t u;
      std::memcpy(&u, &x, 4);
      bits = uint16_t(u >> 16); // exact for the values used
    } else {
      _Float16 h = _Float16(x);
      std::memcpy(&bits, &h, 2);
    }
    std::memcpy(&v[l.lane * bytesPerLane + l.bit / 8], &bits, 2);
  };
  for (unsigned i = 0; i < 16; ++i)
    put16(ra, op.getABytes(), op.locate(Operand::A, 0, i, 0), a[i]);
  for (unsigned j = 0; j < 16; ++j)
    put16(rb, op.getBBytes(), op.locate(Operand::B, 0, 0, j), 1.0f);
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned j = 0; j < 16; ++j) {
      MatrixOp::Location l = op.locate(Operand::C, 0, i, j);
      std::memcpy(&rc[l.lane * op.getCBytes() + l.bit / 8], &c[i * 16 + j],
                  sizeof(T));
    }
  llvm::cantFail(op.execute({}, ra, rb, rc, {}, rd));
  std::vector<T> d(256);
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned j = 0; j < 16; ++j) {
      MatrixOp::Location l = op.locate(Operand::C, 0, i, j);
      std::memcpy(&d[i * 16 + j], &rd[l.lane * op.getCBytes() + l.bit / 8],
                  sizeof(T));
    }
  return d;
}

TEST(MatrixOpsProperties, F16AccumulatorRoundsToNearestEven) {
  // f16 has spacing 2 in [2048, 4096): 2048 + 1 is a tie -> 2048 (even),
  // 2048 + 3 -> 2052, 2048 + 1.5 -> 2050; 65504 + 16 overflows to infinity
  // (the tie at 65520 rounds up), 65504 + 8 stays 65504.
  std::vector<float> a(16, 0.0f);
  a[0] = 1.0f;
  a[1] = 3.0f;
  a[2] = 1.5f;
  a[3] = 16.0f;
  a[4] = 8.0f;
  a[5] = -1.0f;
  std::vector<_Float16> c(256, _Float16(2048.0f));
  for (unsigned j = 0; j < 16; ++j) {
    c[3 * 16 + j] = _Float16(65504.0f);
    c[4 * 16 + j] = _Float16(65504.0f);
    c[5 * 16 + j] = _Float16(0.0f);
  }
  std::vector<_Float16> d =
      addThroughWmma("llvm.amdgcn.wmma.f16.16x16x16.f16", a, c);
  for (unsigned j = 0; j < 16; ++j) {
    EXPECT_EQ(float(d[0 * 16 + j]), 2048.0f);
    EXPECT_EQ(float(d[1 * 16 + j]), 2052.0f);
    EXPECT_EQ(float(d[2 * 16 + j]), 2050.0f);
    EXPECT_TRUE(std::isinf(float(d[3 * 16 + j])));
    EXPECT_EQ(float(d[4 * 16 + j]), 65504.0f);
    EXPECT_EQ(float(d[5 * 16 + j]), -1.0f);
    EXPECT_EQ(float(d[6 * 16 + j]), 2048.0f);
  }
}

TEST(MatrixOpsProperties, Bf16AccumulatorRoundsToNearestEven) {
  // bf16 has spacing 2 in [256, 512): 256 + 1 ties to 256, 256 + 3 to 260.
  std::vector<float> a(16, 0.0f);
  a[0] = 1.0f;
  a[1] = 3.0f;
  auto bf = [](float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    return uint16_t(u >> 16);
  };
  std::vector<uint16_t> c(256, bf(256.0f));
  std::vector<uint16_t> d =
      addThroughWmma("llvm.amdgcn.wmma.bf16.16x16x16.bf16", a, c);
  for (unsigned j = 0; j < 16; ++j) {
    EXPECT_EQ(d[0 * 16 + j], bf(256.0f));
    EXPECT_EQ(d[1 * 16 + j], bf(260.0f));
  }
}

TEST(MatrixOpsProperties, NaNAndInfinityPropagate) {
  std::vector<float> a(16, 0.0f);
  a[0] = std::nanf("");
  a[1] = INFINITY;
  std::vector<float> c(256, 1.0f);
  for (unsigned j = 0; j < 16; ++j)
    c[2 * 16 + j] = -INFINITY;
  std::vector<float> d =
      addThroughWmma("llvm.amdgcn.wmma.f32.16x16x16.f16", a, c);
  for (unsigned j = 0; j < 16; ++j) {
    EXPECT_TRUE(std::isnan(d[0 * 16 + j]));
    EXPECT_EQ(d[1 * 16 + j], INFINITY);
    EXPECT_EQ(d[2 * 16 + j], -INFINITY);
    EXPECT_EQ(d[3 * 16 + j], 1.0f);
  }
}

// The same fp8 bits decode differently on gfx942 (FNUZ) and gfx950 (OCP):
// 0x80 is NaN in FNUZ and -0 in OCP; 0x7F is 240 in E4M3FNUZ and NaN in
// E4M3FN.
TEST(MatrixOpsProperties, Fp8EncodingFollowsTheChip) {
  auto run1 = [](const char *chip, uint8_t aBits) {
    const MatrixOp &op = *llvm::cantFail(MatrixOp::get(
        "llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8", target(chip)));
    std::vector<uint8_t> a(64 * 8, 0), b(64 * 8, 0), c(64 * 16, 0),
        d(c.size());
    MatrixOp::Location la = op.locate(Operand::A, 0, 0, 0);
    a[la.lane * 8 + la.bit / 8] = aBits;
    MatrixOp::Location lb = op.locate(Operand::B, 0, 0, 0);
    b[lb.lane * 8 + lb.bit / 8] = 0x38; // 1.0 in E4M3FN, 0.5 in FNUZ
    llvm::cantFail(op.execute({}, a, b, c, {}, d));
    MatrixOp::Location lc = op.locate(Operand::C, 0, 0, 0);
    float v;
    std::memcpy(&v, &d[lc.lane * 16 + lc.bit / 8], 4);
    return v;
  };
  EXPECT_TRUE(std::isnan(run1("gfx942", 0x80)));
  EXPECT_EQ(run1("gfx950", 0x80), 0.0f);
  EXPECT_EQ(run1("gfx942", 0x7F), 120.0f); // 240 * 0.5
  EXPECT_TRUE(std::isnan(run1("gfx950", 0x7F)));
  EXPECT_EQ(run1("gfx950", 0x40), 2.0f); // 2.0 * 1.0
  EXPECT_EQ(run1("gfx942", 0x40), 0.5f); // 1.0 * 0.5
}

} // namespace
