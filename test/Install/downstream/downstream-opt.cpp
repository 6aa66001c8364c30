// The opt tool of another compiler: what docs/GettingStarted.md says to
// register for mcore's pipeline and passes, nothing else. With
// runner::setDefaultToolkit, --mcore-pipeline format=hsaco finds ld.lld in
// the mcore installation the tool was built against.
#include "mcore/InitAll.h"
#include "mcore/Runner/Toolkit.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::mcore::registerAllMCorePasses(mlir::mcore::runner::setDefaultToolkit);
  mlir::DialectRegistry registry;
  mlir::mcore::registerMCoreRequirements(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "downstream optimizer\n", registry));
}
