// One meaning per program (issue 32, item 7): an unmarked vector.contract in
// a gpu.launch is each work-item's (upstream's meaning) with kernels=tile
// and kernels=given alike, and a warning says the wave would compute it once
// if it were marked {mcore.wave}. Each of 64 work-items contracts the same
// 16x16x16 f16 tiles (a[i][k] = f16(0.1 (k + 1)), b = f16(0.3), c = 0.5)
// and stores D[0][0] in its own element of out: 4.58051 in all 64 (numpy,
// float32). Before, kernels=given read it as the wave's and failed in
// mcore-distribute ("cannot distribute 'vector.extract' on a whole-tile
// value"); other kernels gave other results than kernels=tile, exit 0.
//
// RUN: %mcore-run %s --chip=gfx942 2>&1 | FileCheck %s --check-prefixes=CHECK,WARN64
// RUN: %mcore-run %s --chip=gfx942 --pipeline-options=kernels=given 2>&1 | FileCheck %s --check-prefixes=CHECK,WARN64
// RUN: %mcore-run %s --chip=gfx1201 2>&1 | FileCheck %s --check-prefixes=CHECK,WARN32
// Marked {mcore.work_item}: the same meaning said explicitly, no warning.
// RUN: sed 's/kind = #vector.kind<add>}/kind = #vector.kind<add>, mcore.work_item}/' %s > %t.mlir
// RUN: %mcore-run %t.mlir --chip=gfx942 2>&1 | FileCheck %s --check-prefixes=CHECK,QUIET
// RUN: %mcore-run %t.mlir --chip=gfx942 --pipeline-options=kernels=given 2>&1 | FileCheck %s --check-prefixes=CHECK,QUIET

// WARN64: warning: mcore-vector-contract-to-mma: each of the 64 work-items computes this 16x16x16 f16 x f16 -> f32 vector.contract on its own values (upstream's meaning); the wave computes it once with mfma_f32_16x16x16f16 if it is marked {mcore.wave} (its operands then the wave's whole tiles, the same in every lane); mark it {mcore.work_item} to keep this meaning without this warning
// WARN32: warning: mcore-vector-contract-to-mma: each of the 64 work-items computes this 16x16x16 f16 x f16 -> f32 vector.contract on its own values (upstream's meaning); the wave computes it once with wmma_f32_16x16x16_f16_w32_gfx12 if it is marked {mcore.wave}
// QUIET-NOT: warning
// CHECK: sizes = [64]
// CHECK-NEXT: {{^}}[4.58051{{(, +4.58051)+}}]

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Each of 64 work-items reads the same 16x16 A, B and C, contracts them
// (unmarked: each work-item's, upstream's meaning) and writes D[0][0] to
// its own element of out.
func.func @kernel(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>, %out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0.0 : f16
    %f = arith.constant 0.0 : f32
    %va = vector.transfer_read %a[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
    %vb = vector.transfer_read %b[%c0, %c0], %h {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
    %vc = vector.transfer_read %c[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>} %va, %vb, %vc
        : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    %d00 = vector.extract %d[0, 0] : f32 from vector<16x16xf32>
    memref.store %d00, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %tenth = arith.constant 0.1 : f32
  %b0 = arith.constant 0.3 : f16
  %c0f = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<16x16xf16>
  %b = memref.alloc() : memref<16x16xf16>
  %c = memref.alloc() : memref<16x16xf32>
  %out = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %k = %c0 to %c16 step %c1 {
      %k1 = arith.addi %k, %c1 : index
      %ki = arith.index_cast %k1 : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %v = arith.mulf %kf, %tenth : f32
      %vh = arith.truncf %v : f32 to f16
      memref.store %vh, %a[%i, %k] : memref<16x16xf16>
      memref.store %b0, %b[%i, %k] : memref<16x16xf16>
      memref.store %c0f, %c[%i, %k] : memref<16x16xf32>
    }
  }
  call @kernel(%a, %b, %c, %out) : (memref<16x16xf16>, memref<16x16xf16>, memref<16x16xf32>, memref<64xf32>) -> ()
  %u = memref.cast %out : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
