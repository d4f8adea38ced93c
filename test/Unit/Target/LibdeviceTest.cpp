//===- LibdeviceTest.cpp - Tests of libdevice lookup and linking ----------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/GPUTarget.h"
#include "tileir/Target/PTX/PTXEmitter.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

#include "gtest/gtest.h"

using namespace tileir;

namespace {

/// A module that calls `__nv_expf`, prepared for sm_90.
std::unique_ptr<llvm::Module> makeModule(llvm::LLVMContext &context,
                                         llvm::StringRef body) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(body, error, context);
  if (!module)
    return nullptr;
  auto tm = createNVPTXTargetMachine(*lookupGPUTarget("sm_90"), 3);
  if (!tm) {
    llvm::consumeError(tm.takeError());
    return nullptr;
  }
  prepareModuleForNVPTX(*module, **tm);
  return module;
}

constexpr const char *kCallsExp = R"(
declare float @__nv_expf(float)
define float @k(float %x) {
  %r = call float @__nv_expf(float %x)
  ret float %r
}
)";

TEST(Libdevice, ExplicitPathMustExist) {
  PTXEmitOptions options;
  options.libdevicePath = "/nonexistent/libdevice.10.bc";
  llvm::Expected<std::string> found = findLibdevice(options);
  ASSERT_FALSE(static_cast<bool>(found));
  std::string message = llvm::toString(found.takeError());
  EXPECT_NE(message.find("/nonexistent/libdevice.10.bc"), std::string::npos);
}

TEST(Libdevice, ModulesWithoutMathCallsAreLeftAlone) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = makeModule(
      context, "define float @k(float %x) { ret float %x }\n");
  ASSERT_TRUE(module);
  PTXEmitOptions options;
  // Never looked up, so a bad path does not matter.
  options.libdevicePath = "/nonexistent/libdevice.10.bc";
  EXPECT_FALSE(static_cast<bool>(linkLibdevice(*module, options)));
  EXPECT_EQ(module->getModuleFlag("nvvm-reflect-ftz"), nullptr);
}

TEST(Libdevice, MissingLibdeviceIsAnError) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = makeModule(context, kCallsExp);
  ASSERT_TRUE(module);
  PTXEmitOptions options;
  options.libdevicePath = "/nonexistent/libdevice.10.bc";
  llvm::Error error = linkLibdevice(*module, options);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_NE(llvm::toString(std::move(error)).find("/nonexistent"),
            std::string::npos);
}

TEST(Libdevice, LinksOnlyWhatIsCalledAndInternalizesIt) {
  PTXEmitOptions options;
  llvm::Expected<std::string> found = findLibdevice(options);
  if (!found) {
    llvm::consumeError(found.takeError());
    GTEST_SKIP() << "no CUDA installation with libdevice";
  }
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = makeModule(context, kCallsExp);
  ASSERT_TRUE(module);
  ASSERT_FALSE(static_cast<bool>(linkLibdevice(*module, options)));
  llvm::Function *exp = module->getFunction("__nv_expf");
  ASSERT_NE(exp, nullptr);
  EXPECT_FALSE(exp->isDeclaration());
  EXPECT_TRUE(exp->hasLocalLinkage());
  // Functions nobody calls stay out, the kernel stays visible.
  EXPECT_EQ(module->getFunction("__nv_sinf"), nullptr);
  EXPECT_FALSE(module->getFunction("k")->hasLocalLinkage());
  auto *ftz = llvm::mdconst::extract_or_null<llvm::ConstantInt>(
      module->getModuleFlag("nvvm-reflect-ftz"));
  ASSERT_NE(ftz, nullptr);
  EXPECT_EQ(ftz->getZExtValue(), 0u);
}

} // namespace
