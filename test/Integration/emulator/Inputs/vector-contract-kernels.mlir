// Hand-written kernels on vectors, as a front end that tiles to vectors
// writes them: one wave (%threads lanes) computes a 32 x 32 f32 C with
// vector.contract in a K loop. vector-contract.py adds the data and @main;
// --mcore-pipeline kernels=given turns the contractions into instruction
// tiles of mcore.mma / mcore.sparse_mma (mcore-vector-contract-to-mma),
// distributes them and lowers them.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>

// C += A * B with a 2:4-sparse A (32 x 64) in mcore's canonical format
// (values 32 x 32, metadata 32 x 2 words) and B 64 x 32: per K step of 32,
// the wave reads the compressed tile and its index and contracts their
// expansion.
func.func @sparse_kernel(%values: memref<32x32xf16>, %meta: memref<32x2xi32>,
                         %b: memref<64x32xf16>, %c: memref<32x32xf32>,
                         %threads: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %f0 = arith.constant 0.0 : f16
    %z = arith.constant 0.0 : f32
    %init = vector.transfer_read %c[%c0, %c0], %z {in_bounds = [true, true]}
        : memref<32x32xf32>, vector<32x32xf32>
    %sum = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %init)
        -> (vector<32x32xf32>) {
      %kc = arith.divui %k, %c2 : index
      %v = vector.transfer_read %values[%c0, %kc], %f0 {in_bounds = [true, true]}
          : memref<32x32xf16>, vector<32x16xf16>
      %i = mcore.load_sparse_index %meta[%c0, %k]
          : memref<32x2xi32> -> vector<32x16xi8>
      %a = mcore.expand_2to4 %v, %i
          : vector<32x16xf16>, vector<32x16xi8> -> vector<32x32xf16>
      %bt = vector.transfer_read %b[%k, %c0], %f0 {in_bounds = [true, true]}
          : memref<64x32xf16>, vector<32x32xf16>
      %d = vector.contract {indexing_maps = [#mk, #kn, #mn],
                            iterator_types = ["parallel", "parallel", "reduction"],
                            kind = #vector.kind<add>, mcore.wave} %a, %bt, %acc
          : vector<32x32xf16>, vector<32x32xf16> into vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }
    vector.transfer_write %sum, %c[%c0, %c0] {in_bounds = [true, true]}
        : vector<32x32xf32>, memref<32x32xf32>
    gpu.terminator
  }
  return
}

// C += A * B^T with A 32 x 64 and B stored N x K (64 wide): f16 inputs
// extended to f32 before the contraction, as linalg's vectorizer writes them.
func.func @dense_kernel(%a: memref<32x64xf16>, %bt: memref<32x64xf16>,
                        %c: memref<32x32xf32>, %threads: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %f0 = arith.constant 0.0 : f16
    %z = arith.constant 0.0 : f32
    %init = vector.transfer_read %c[%c0, %c0], %z {in_bounds = [true, true]}
        : memref<32x32xf32>, vector<32x32xf32>
    %sum = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %init)
        -> (vector<32x32xf32>) {
      %at = vector.transfer_read %a[%c0, %k], %f0 {in_bounds = [true, true]}
          : memref<32x64xf16>, vector<32x32xf16>
      %bn = vector.transfer_read %bt[%c0, %k], %f0 {in_bounds = [true, true]}
          : memref<32x64xf16>, vector<32x32xf16>
      %ae = arith.extf %at : vector<32x32xf16> to vector<32x32xf32>
      %be = arith.extf %bn : vector<32x32xf16> to vector<32x32xf32>
      %d = vector.contract {indexing_maps = [#mk, #nk, #mn],
                            iterator_types = ["parallel", "parallel", "reduction"],
                            kind = #vector.kind<add>, mcore.wave} %ae, %be, %acc
          : vector<32x32xf32>, vector<32x32xf32> into vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }
    vector.transfer_write %sum, %c[%c0, %c0] {in_bounds = [true, true]}
        : vector<32x32xf32>, memref<32x32xf32>
    gpu.terminator
  }
  return
}
