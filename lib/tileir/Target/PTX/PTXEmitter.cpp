//===- PTXEmitter.cpp - LLVM IR to PTX through the NVPTX backend ----------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/PTXEmitter.h"
#include "tileir/Target/PTX/RematerializeAfterLoops.h"

#include "tileir/Target/Cubin/Ptxas.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

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

//===----------------------------------------------------------------------===//
// libdevice
//===----------------------------------------------------------------------===//

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static bool isRegularFile(const llvm::Twine &path) {
  return llvm::sys::fs::exists(path) && !llvm::sys::fs::is_directory(path);
}

llvm::Expected<std::string>
tileir::findLibdevice(const PTXEmitOptions &options) {
  if (!options.libdevicePath.empty()) {
    if (isRegularFile(options.libdevicePath))
      return options.libdevicePath;
    return makeError("libdevice '" + options.libdevicePath +
                     "' is not a file");
  }
  llvm::SmallVector<std::string> searched;
  auto tryRoot = [&](llvm::StringRef root,
                     llvm::ArrayRef<llvm::StringRef> subdirs)
      -> std::optional<std::string> {
    llvm::SmallString<256> candidate(root);
    for (llvm::StringRef dir : subdirs)
      llvm::sys::path::append(candidate, dir);
    llvm::sys::path::append(candidate, "libdevice.10.bc");
    if (isRegularFile(candidate))
      return std::string(candidate);
    searched.push_back(std::string(candidate));
    return std::nullopt;
  };

  // The toolkit that provides ptxas: <root>/bin/ptxas next to
  // <root>/nvvm/libdevice (CUDA installs and the pip wheels), or
  // <root>/libdevice (distribution packages), also through symlinks.
  PtxasOptions ptxasOptions;
  ptxasOptions.ptxasPath = options.ptxasPath;
  ptxasOptions.argv0 = options.argv0;
  if (llvm::Expected<std::string> ptxas = findPtxas(ptxasOptions)) {
    llvm::SmallVector<std::string, 2> roots;
    roots.push_back(llvm::sys::path::parent_path(
                        llvm::sys::path::parent_path(*ptxas))
                        .str());
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*ptxas, real))
      roots.push_back(llvm::sys::path::parent_path(
                          llvm::sys::path::parent_path(real))
                          .str());
    for (const std::string &root : roots) {
      if (root.empty())
        continue;
      if (auto found = tryRoot(root, {"nvvm", "libdevice"}))
        return *found;
      if (auto found = tryRoot(root, {"libdevice"}))
        return *found;
    }
  } else {
    llvm::consumeError(ptxas.takeError());
  }
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (std::optional<std::string> home = llvm::sys::Process::GetEnv(var))
      if (auto found = tryRoot(*home, {"nvvm", "libdevice"}))
        return *found;
  if (auto found = tryRoot("/usr/local/cuda", {"nvvm", "libdevice"}))
    return *found;
  return makeError("this kernel calls CUDA math library functions but "
                   "libdevice.10.bc was not found (searched " +
                   llvm::join(searched, ", ") +
                   "); install the CUDA toolkit's nvvm component or set "
                   "CUDA_HOME");
}

/// Whether `module` calls a libdevice function it does not define.
static bool needsLibdevice(const llvm::Module &module) {
  for (const llvm::Function &fn : module)
    if (fn.isDeclaration() && fn.getName().starts_with("__nv_"))
      return true;
  return false;
}

llvm::Error tileir::linkLibdevice(llvm::Module &module,
                                  const PTXEmitOptions &options) {
  if (!needsLibdevice(module))
    return llvm::Error::success();
  llvm::Expected<std::string> path = findLibdevice(options);
  if (!path)
    return path.takeError();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(*path);
  if (!buffer)
    return makeError("cannot read libdevice '" + *path +
                     "': " + buffer.getError().message());
  llvm::Expected<std::unique_ptr<llvm::Module>> library =
      llvm::parseBitcodeFile((*buffer)->getMemBufferRef(),
                             module.getContext());
  if (!library)
    return makeError("cannot parse libdevice '" + *path +
                     "': " + llvm::toString(library.takeError()));
  // libdevice is target independent ("nvptx64-nvidia-gpulibs"); give it
  // the module's target so the linker does not warn.
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  // Only what the module calls, made internal so that the optimizer inlines
  // it and drops the rest (libdevice functions are always-inline).
  bool failed = llvm::Linker::linkModules(
      module, std::move(*library), llvm::Linker::Flags::LinkOnlyNeeded,
      [](llvm::Module &linked, const llvm::StringSet<> &fromLibrary) {
        llvm::internalizeModule(linked, [&](const llvm::GlobalValue &gv) {
          return !gv.hasName() || !fromLibrary.count(gv.getName());
        });
      });
  if (failed)
    return makeError("cannot link libdevice '" + *path + "'");
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                         uint32_t(0));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// PTX
//===----------------------------------------------------------------------===//

/// Runs RematerializeAfterLoopsPass as `options` ask; the module it broke is
/// an error the caller can fall back from (the pass is ours, and its output
/// goes straight to code generation).
static llvm::Error rematerialize(llvm::Module &module, llvm::TargetMachine &tm,
                                 const PTXEmitOptions &options,
                                 bool *changed = nullptr) {
  if (!options.rematerializeAfterLoops || options.optLevel == 0)
    return llvm::Error::success();
  llvm::FunctionPassManager fpm;
  fpm.addPass(RematerializeAfterLoopsPass(options.rematerializeLoopReads));
  llvm::FunctionAnalysisManager fam;
  llvm::PassBuilder pb(&tm);
  pb.registerFunctionAnalyses(fam);
  for (llvm::Function &function : module)
    if (!function.isDeclaration() &&
        !fpm.run(function, fam).areAllPreserved() && changed)
      *changed = true;
  if (llvm::verifyModule(module, &llvm::errs()))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "LLVM IR is invalid after recomputing values after loops");
  return llvm::Error::success();
}

/// Code generation of an optimized module.
static llvm::Expected<std::string> generatePTX(llvm::Module &module,
                                               llvm::TargetMachine &tm) {
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
  } // bos writes the PTX out as it goes
  return ptx;
}

llvm::Expected<std::string>
tileir::emitPTX(llvm::Module &module, const GPUTarget &target,
                const PTXEmitOptions &options,
                llvm::function_ref<void(llvm::Module &)> afterOptimization) {
  auto tmOrErr = createNVPTXTargetMachine(target, options.optLevel);
  if (!tmOrErr)
    return tmOrErr.takeError();
  llvm::TargetMachine &tm = **tmOrErr;
  prepareModuleForNVPTX(module, tm);
  if (llvm::Error error = linkLibdevice(module, options))
    return std::move(error);

  // NVVMReflect, which folds libdevice's __nvvm_reflect queries for the
  // target and the ftz flag, runs at the start of the optimization pipeline
  // (registered by the NVPTX target machine) and again in code generation,
  // so also at -O0.
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
  if (afterOptimization)
    afterOptimization(module);
  // After the pipeline, whose value numbering would share the copies
  // again.
  if (llvm::Error error = rematerialize(module, tm, options))
    return std::move(error);
  return generatePTX(module, tm);
}

void tileir::writeOptimizedModule(const llvm::Module &module,
                                  llvm::SmallVectorImpl<char> &bitcode) {
  bitcode.clear();
  llvm::raw_svector_ostream os(bitcode);
  // Code generation walks use lists: keep their order, so that the module
  // read back emits the PTX this one would.
  llvm::WriteBitcodeToFile(module, os, /*ShouldPreserveUseListOrder=*/true);
}

llvm::Expected<std::string>
tileir::emitPTXFromOptimized(llvm::StringRef bitcode, const GPUTarget &target,
                             const PTXEmitOptions &options,
                             bool onlyIfRematerialized) {
  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(bitcode, "optimized"), context);
  if (!module)
    return module.takeError();
  auto tmOrErr = createNVPTXTargetMachine(target, options.optLevel);
  if (!tmOrErr)
    return tmOrErr.takeError();
  bool changed = false;
  if (llvm::Error error = rematerialize(**module, **tmOrErr, options, &changed))
    return std::move(error);
  if (onlyIfRematerialized && !changed)
    return std::string();
  return generatePTX(**module, **tmOrErr);
}
