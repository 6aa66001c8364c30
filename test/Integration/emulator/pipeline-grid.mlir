// --mcore-pipeline on the emulator: a grid of work-groups (200 x 300 x 100
// i8 with 32 x 32 tiles: 7 x 10 work-groups, swizzled in groups of 8 tiles
// of M, the last group short), compared element by element with a host-side
// reference (a linalg.generic the pipeline leaves on the CPU). Integer
// inputs make the comparison exact.
//
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm tile-m=32 tile-n=32" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm tile-m=64 tile-n=32 waves-m=2 waves-n=1" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s

// The number of elements of C that differ from the reference, and one
// element (C[199][299]) as a witness that C was computed.
// CHECK: mismatches 0
// CHECK-NEXT: sum [[SUM:-?[0-9]+]]
// CHECK-NEXT: sum [[SUM]]

func.func @matmul(%a: tensor<200x100xi8>, %b: tensor<100x300xi8>) -> tensor<200x300xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<200x300xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<200x300xi32>) -> tensor<200x300xi32>
  %r = linalg.matmul ins(%a, %b : tensor<200x100xi8>, tensor<100x300xi8>)
                     outs(%c : tensor<200x300xi32>) -> tensor<200x300xi32>
  return %r : tensor<200x300xi32>
}

#id2 = affine_map<(i, j) -> (i, j)>
func.func @main() {
  %ea = tensor.empty() : tensor<200x100xi8>
  %a = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%ea : tensor<200x100xi8>) {
  ^bb0(%out: i8):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %s = arith.addi %i, %k : index
    %t = arith.muli %s, %c7 : index
    %u = arith.addi %t, %i : index
    %v = arith.remui %u, %c11 : index
    %w = arith.index_cast %v : index to i8
    %c5 = arith.constant 5 : i8
    %x = arith.subi %w, %c5 : i8
    linalg.yield %x : i8
  } -> tensor<200x100xi8>
  %eb = tensor.empty() : tensor<100x300xi8>
  %b = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%eb : tensor<100x300xi8>) {
  ^bb0(%out: i8):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %c13 = arith.constant 13 : index
    %s = arith.muli %k, %c5 : index
    %t = arith.muli %j, %c3 : index
    %u = arith.addi %s, %t : index
    %v = arith.remui %u, %c13 : index
    %w = arith.index_cast %v : index to i8
    %c6 = arith.constant 6 : i8
    %x = arith.subi %w, %c6 : i8
    linalg.yield %x : i8
  } -> tensor<100x300xi8>
  %c = call @matmul(%a, %b) : (tensor<200x100xi8>, tensor<100x300xi8>) -> tensor<200x300xi32>
  // Reference on the host.
  %zero = arith.constant 0 : i32
  %er = tensor.empty() : tensor<200x300xi32>
  %fr = linalg.fill ins(%zero : i32) outs(%er : tensor<200x300xi32>) -> tensor<200x300xi32>
  %ref = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<200x100xi8>, tensor<100x300xi8>) outs(%fr : tensor<200x300xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<200x300xi32>
  // Mismatch count and checksums.
  %e0 = tensor.empty() : tensor<i32>
  %z0 = linalg.fill ins(%zero : i32) outs(%e0 : tensor<i32>) -> tensor<i32>
  %stats = linalg.generic {indexing_maps = [#id2, #id2, affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
      ins(%c, %ref : tensor<200x300xi32>, tensor<200x300xi32>) outs(%z0 : tensor<i32>) {
  ^bb0(%x: i32, %y: i32, %n: i32):
    %ne = arith.cmpi ne, %x, %y : i32
    %one = arith.extui %ne : i1 to i32
    %s = arith.addi %n, %one : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %sum1 = linalg.generic {indexing_maps = [#id2, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%c : tensor<200x300xi32>) outs(%z0 : tensor<i32>) {
  ^bb0(%x: i32, %n: i32):
    %s = arith.addi %n, %x : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %sum2 = linalg.generic {indexing_maps = [#id2, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%ref : tensor<200x300xi32>) outs(%z0 : tensor<i32>) {
  ^bb0(%x: i32, %n: i32):
    %s = arith.addi %n, %x : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %m = tensor.extract %stats[] : tensor<i32>
  %s1 = tensor.extract %sum1[] : tensor<i32>
  %s2 = tensor.extract %sum2[] : tensor<i32>
  vector.print str "mismatches "
  vector.print %m : i32
  vector.print str "sum "
  vector.print %s1 : i32
  vector.print str "sum "
  vector.print %s2 : i32
  return
}
