//===- PTXEmitter.cpp - LLVM IR to PTX through the NVPTX backend ----------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/PTXEmitter.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace tileir;

static void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

static llvm::CodeGenOptLevel toCodeGenLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

static llvm::OptimizationLevel toOptimizationLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
tileir::createNVPTXTargetMachine(const GPUTarget &target, unsigned optLevel) {
  initializeNVPTX();
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "NVPTX target unavailable: " + error);
  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> tm(llvmTarget->createTargetMachine(
      triple, target.llvmProcessor, target.getPtxFeature(), options,
      std::nullopt, std::nullopt, toCodeGenLevel(optLevel)));
  if (!tm)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot create the NVPTX target machine "
                                   "for " +
                                       target.name.str());
  return tm;
}

void tileir::prepareModuleForNVPTX(llvm::Module &module,
                                   llvm::TargetMachine &tm) {
  module.setTargetTriple(tm.getTargetTriple());
  module.setDataLayout(tm.createDataLayout());
}

llvm::Expected<std::string> tileir::emitPTX(llvm::Module &module,
                                            const GPUTarget &target,
                                            const PTXEmitOptions &options) {
  auto tmOrErr = createNVPTXTargetMachine(target, options.optLevel);
  if (!tmOrErr)
    return tmOrErr.takeError();
  llvm::TargetMachine &tm = **tmOrErr;
  prepareModuleForNVPTX(module, tm);

  if (llvm::verifyModule(module, &llvm::errs()))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "generated LLVM IR is invalid");

  if (options.optLevel > 0) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(&tm);
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm =
        pb.buildPerModuleDefaultPipeline(toOptimizationLevel(options.optLevel));
    mpm.run(module, mam);
  }

  std::string ptx;
  {
    llvm::raw_string_ostream os(ptx);
    llvm::buffer_ostream bos(os);
    llvm::legacy::PassManager codegen;
    if (tm.addPassesToEmitFile(codegen, bos, nullptr,
                               llvm::CodeGenFileType::AssemblyFile))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "NVPTX cannot emit assembly");
    codegen.run(module);
  }
  return ptx;
}
