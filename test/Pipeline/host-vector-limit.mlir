// mcore-verify-host-vectors: host code on a vector of more than 16384
// elements (max-elements) is a located error before anything lowers it;
// upstream's host lowering would not finish on vector<1000x1000xi32> (the
// fuzzer's hang: a vector.contract of that type in a host function).
// Vectors at the limit, and vectors in kernels, pass.
// RUN: %mcore-opt %s -split-input-file --mcore-verify-host-vectors -verify-diagnostics | FileCheck %s
// RUN: not %mcore-opt %s -split-input-file --mcore-verify-host-vectors="max-elements=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT4
// The pipeline stops there, at once, with the error at the op.
// RUN: sed -n '/^func.func @contract_1000/,/^}/p' %s > %t.mlir
// RUN: not %mcore-opt %t.mlir --mcore-pipeline="chip=gfx1201 format=llvm" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: host-vector-limit.mlir.tmp.mlir:3:8: error: 'vector.contract' op on 'vector<1000x1000xi32>' (1000000 elements) in host code: more than the 16384 elements mcore-verify-host-vectors allows
// LIMIT4: error: 'arith.addi' op on 'vector<16384xi32>' (16384 elements) in host code: more than the 4 elements

func.func @contract_1000(%a: vector<1000x1000xi32>, %b: vector<1000x1000xi32>, %c: vector<1000x1000xi32>) -> vector<1000x1000xi32> {
  // expected-error @below {{'vector.contract' op on 'vector<1000x1000xi32>' (1000000 elements) in host code: more than the 16384 elements mcore-verify-host-vectors allows, which upstream's host lowering could not compile in reasonable time; keep data this large in a memref}}
  %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<1000x1000xi32>, vector<1000x1000xi32> into vector<1000x1000xi32>
  return %d : vector<1000x1000xi32>
}

// -----

// One element over: a result alone is enough.
func.func @broadcast(%x: f32) -> vector<128x129xf32> {
  // expected-error @below {{'vector.broadcast' op on 'vector<128x129xf32>' (16512 elements) in host code}}
  %v = vector.broadcast %x : f32 to vector<128x129xf32>
  return %v : vector<128x129xf32>
}

// -----

// At the limit: fine.
// CHECK-LABEL: func.func @at_limit
func.func @at_limit(%a: vector<16384xi32>, %b: vector<128x128xf32>) -> vector<16384xi32> {
  %s = arith.addi %a, %a : vector<16384xi32>
  %t = arith.addf %b, %b : vector<128x128xf32>
  return %s : vector<16384xi32>
}

// -----

// Kernels are device code: not checked here.
// CHECK-LABEL: gpu.module @kernels
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @big(%x: f32) kernel {
      %v = vector.broadcast %x : f32 to vector<256x256xf32>
      gpu.return
    }
  }
  func.func @launch(%x: f32) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
        threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = vector.broadcast %x : f32 to vector<256x256xf32>
      gpu.terminator
    }
    return
  }
}

// -----

// An operand from a block argument counts too (a scalar result).
func.func @reduce(%v: vector<20000xi32>) -> i32 {
  // expected-error @below {{'vector.reduction' op on 'vector<20000xi32>' (20000 elements) in host code}}
  %r = vector.reduction <add>, %v : vector<20000xi32> into i32
  return %r : i32
}
