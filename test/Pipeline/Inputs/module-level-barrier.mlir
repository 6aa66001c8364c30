// A gpu.barrier beside the functions of a gpu.module, not in one.
gpu.module @plain {
  gpu.barrier
  llvm.func @helper(i32) -> i32
}
