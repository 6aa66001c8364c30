// Upstream MLIR 22's parser crashes (a segmentation fault; mlir-opt-22 does
// too, with no pass) on linalg.batch_matmul / linalg.batch_reduce_matmul
// whose element types cannot be cast to the accumulator's. The fuzzer found
// these (test/fuzz, seed 20261201-0). mcore's tools parse under a
// CrashRecoveryContext first (mcore/Runner/GuardedParse.h): an error naming
// the upstream defect, a non-zero exit status (`not` fails on a signal), no stack dump.
// RUN: not %mcore-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not=PLEASE
// RUN: not %mcore-opt %s --split-input-file --mcore-verify-matrix-intrinsics -o %t.out 2>&1 | FileCheck %s --implicit-check-not="Stack dump"
// RUN: not test -e %t.out
// From stdin, each chunk on its own.
// RUN: sed -n '/^func.func @f16_to_index_shared_b/,/^}/p' %s | not %mcore-opt 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: sed -n '/^func.func @vector_to_f32/,/^}/p' %s | not %mcore-opt 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: sed -n '/^func.func @f16_to_vector/,/^}/p' %s | not %mcore-opt 2>&1 | FileCheck %s --check-prefix=TOVECTOR
// RUN: sed -n '/^func.func @batch_reduce/,/^}/p' %s | not %mcore-opt 2>&1 | FileCheck %s --check-prefix=STDIN
// mcore-run parses the same way.
// RUN: sed -n '/^func.func @f16_to_index_shared_b/,/^}/p' %s > %t.mlir
// RUN: not %mcore-run %t.mlir --backend=emu 2>&1 | FileCheck %s --check-prefix=RUNNER --implicit-check-not="Stack dump"
// Types that cast are parsed as before.
// RUN: sed -n '/^func.func @f16_to_f32/,/^}/p' %s | %mcore-opt | FileCheck %s --check-prefix=FINE

// CHECK: mcore-opt: error: {{.*}}upstream-parser-crash.mlir: the MLIR parser crashed on this input (after: could not cast operand of type 'f16' to 'index'{{.*}}). This is a defect of upstream MLIR 22, not of mcore: the parser of linalg.batch_matmul and linalg.batch_reduce_matmul crashes {{.*}}llvm/llvm-project#179677
// STDIN: mcore-opt: error: <stdin>: the MLIR parser crashed on this input (after: could not cast operand of type 'f16' to 'index'
// VECTOR: could not cast operand of type 'vector<2xf16>' to 'f32'
// TOVECTOR: could not cast operand of type 'f16' to 'vector<2xf16>'
// RUNNER-DAG: the MLIR parser crashed on this input
// RUNNER-DAG: mcore-run: error:
// FINE: linalg.batch_matmul

func.func @f16_to_f32(%A: memref<3x64x96xf16>, %B: memref<3x96x80xf16>, %C: memref<3x64x80xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<3x64x96xf16>, memref<3x96x80xf16>) outs(%C : memref<3x64x80xf32>)
  return
}

// -----

func.func @f16_to_index_shared_b(%A: memref<3x64x96xf16>, %B: memref<96x80xf16>, %C: memref<3x64x80xindex>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%A, %B : memref<3x64x96xf16>, memref<96x80xf16>) outs(%C : memref<3x64x80xindex>)
  return
}

// -----

func.func @vector_to_f32(%A: memref<3x64x96xvector<2xf16>>, %B: memref<96x80xvector<2xf16>>, %C: memref<3x64x80xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%A, %B : memref<3x64x96xvector<2xf16>>, memref<96x80xvector<2xf16>>) outs(%C : memref<3x64x80xf32>)
  return
}

// -----

func.func @f16_to_vector(%A: memref<3x64x96xf16>, %B: memref<96x80xf16>, %C: memref<3x64x80xvector<2xf16>>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%A, %B : memref<3x64x96xf16>, memref<96x80xf16>) outs(%C : memref<3x64x80xvector<2xf16>>)
  return
}

// -----

func.func @batch_reduce(%A: memref<3x64x96xf16>, %B: memref<3x96x80xf16>, %C: memref<64x80xindex>) {
  linalg.batch_reduce_matmul ins(%A, %B : memref<3x64x96xf16>, memref<3x96x80xf16>) outs(%C : memref<64x80xindex>)
  return
}
