// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx1201 -split-input-file -verify-diagnostics | FileCheck %s
// RUN: mcore-opt %s --mcore-configure-matmul=chip=gfx1201 -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=CONFIGURE
// RUN: not mcore-opt %s --mcore-configure-matmul="chip=gfx1201 strict=true" -split-input-file 2>&1 | FileCheck %s --check-prefix=STRICT

// Types no matrix instruction of the chip computes: the SIMT kernel, with a
// remark. mcore-configure-matmul marks the op (mcore.simt, the remark's
// text) instead of configuring it; mcore-tile-matmul replaces it by a
// gpu.launch of 16x16 work-items, A and B tiles staged through LDS (zero
// outside the matrices), the op's own body along K with contract
// fast-math (FMA), C stored inside the matrix only. strict=true: an error
// naming what gfx1201 computes.

// CHECK-LABEL: func.func @f32_dynamic
// CHECK-DAG:     %[[M:.+]] = memref.dim %arg0, %c0
// CHECK-DAG:     %[[K:.+]] = memref.dim %arg0, %c1
// CHECK-DAG:     %[[N:.+]] = memref.dim %arg1, %c1
// CHECK-DAG:     %[[GX:.+]] = arith.ceildivui %[[N]], %c16
// CHECK-DAG:     %[[GY:.+]] = arith.ceildivui %[[M]], %c16
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[GX]], {{.*}} = %[[GY]], {{.*}}) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}}) workgroup(%[[LA:.+]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[LB:.+]] : memref<16x16xf32, #gpu.address_space<workgroup>>)
// CHECK:           scf.for {{.*}} to %[[K]] step %c16
// CHECK:             memref.store {{.*}}, %[[LA]]
// CHECK:             memref.store {{.*}}, %[[LB]]
// CHECK:             gpu.barrier
// CHECK:             scf.for
// CHECK:               arith.mulf {{.*}} fastmath<contract> : f32
// CHECK:               arith.addf {{.*}} fastmath<contract> : f32
// CHECK:             gpu.barrier
// CHECK:           scf.if
// CHECK-NEXT:        memref.store {{.*}}, %arg2
// CHECK:         } {mcore.chip = #mcore.chip<gfx1201>}
// CHECK-NOT:     linalg.matmul
// CONFIGURE-LABEL: func.func @f32_dynamic
// CONFIGURE:       linalg.matmul {mcore.simt = "linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 computes it
// CONFIGURE-NOT:   mcore.matmul_config
// STRICT: error: linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 computes it; gfx1201 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32{{$}}
func.func @f32_dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  // expected-remark @+1 {{linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 computes it (gfx1201 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32); a SIMT kernel computes it: 16x16 work-items per work-group, one element of C each, A and B staged through LDS (strict=true makes this an error)}}
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}

// -----

// A batch with A stored K x M and a shared B stored N x K, i16 into i32 (no
// matrix instruction reads i16): the indices come from the indexing maps,
// the batch is the grid's z.
// CHECK-LABEL: func.func @i16_batch_transposed
// CHECK:         gpu.launch blocks(%[[BX:.+]], %[[BY:.+]], %[[BZ:.+]]) in ({{.*}}, {{.*}}, {{.*}} = %c3
// CHECK-SAME:      workgroup({{.*}} : memref<16x16xi16, #gpu.address_space<workgroup>>, {{.*}} : memref<16x16xi16, #gpu.address_space<workgroup>>)
// CHECK:             memref.load %arg0[%[[BZ]], {{.*}}] : memref<3x40x24xi16>
// CHECK:             memref.load %arg1[{{.*}}] : memref<20x40xi16>
// CHECK:               arith.extsi
// CHECK:               arith.muli
// CHECK:               arith.addi
// CHECK:           memref.store {{.*}}, %arg2[%[[BZ]], {{.*}}] : memref<3x24x20xi32>
// STRICT: error: linalg.generic of i16 x i16 -> i32: no matrix instruction of gfx1201 reads these types; gfx1201 supports f16 x f16 -> f32,
func.func @i16_batch_transposed(%A: memref<3x40x24xi16>, %B: memref<20x40xi16>, %C: memref<3x24x20xi32>) {
  // expected-remark @+1 {{linalg.generic of i16 x i16 -> i32: no matrix instruction of gfx1201 computes it}}
  linalg.generic {
      indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>,
                       affine_map<(b, m, n, k) -> (n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x40x24xi16>, memref<20x40xi16>) outs(%C : memref<3x24x20xi32>) {
  ^bb0(%a: i16, %b: i16, %c: i32):
    %ea = arith.extsi %a : i16 to i32
    %eb = arith.extsi %b : i16 to i32
    %p = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %p : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// K = 0 leaves C as it is: no kernel.
// CHECK-LABEL: func.func @empty
// CHECK-NOT:     gpu.launch
// CHECK-NOT:     linalg.matmul
func.func @empty(%A: memref<8x0xf32>, %B: memref<0x8xf32>, %C: memref<8x8xf32>) {
  // expected-remark @+1 {{a SIMT kernel computes it}}
  linalg.matmul ins(%A, %B : memref<8x0xf32>, memref<0x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A forced instruction is a request for the matrix unit: its error, no SIMT
// kernel.
func.func @forced(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @+2 {{wmma_f32_16x16x16_f16_w32_gfx12 does not compute f32 x f32 -> f32}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets intrinsic}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = wmma_f32_16x16x16_f16_w32_gfx12>} ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
