// An opt tool of another project: func + vector + mcore, and mcore's passes.
#include "mcore/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::mcore::registerAllMCorePasses();
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::vector::VectorDialect>();
  mlir::mcore::registerAllMCoreDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "downstream optimizer\n", registry));
}
