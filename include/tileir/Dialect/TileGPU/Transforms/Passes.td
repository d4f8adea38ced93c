//===- Passes.td - tilegpu transformation passes -----------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_TD
#define TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileIRAssignLayoutsPass
    : Pass<"tileir-assign-layouts", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Distribute every tile over the threads of a CTA";
  let description = [{
    Chooses the number of warps of each kernel (from its tile shapes and the
    `num_worker_warps_per_cta` hint) and gives every tile value of rank >= 1
    a `#tilegpu.layout` encoding: blocked layouts for global-memory access,
    MMA fragment layouts around `mmaf`/`mmai`, sliced layouts after
    reductions. Where an operand's layout differs from what its user needs,
    a `tilegpu.convert_layout` is inserted. Rank-0 tiles keep no encoding:
    every thread holds their value.

    Before:
    ```mlir
    %t = load_view_tko weak %pv[%i] : ... -> tile<128xf32>, token
    ```
    After:
    ```mlir
    %t = load_view_tko weak %pv[%i] : ... -> tile<128xf32, #tilegpu.layout<...>>, token
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per CTA; 0 chooses from the tile shapes and hints">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRPlanSharedMemoryPass
    : Pass<"tileir-plan-shared-memory", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Size each kernel's shared-memory arena";
  let description = [{
    Every operation that stages data through shared memory (layout
    conversions, cross-warp reductions and scans, MMA operand staging) uses
    it only while it runs, so one arena sized to the largest need serves the
    kernel. The size is recorded as `tilegpu.shared_bytes` on the entry.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRPlanResourcesPass
    : Pass<"tileir-plan-resources", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Choose each kernel's register cap, CTAs per SM and cluster";
  let description = [{
    Reads each entry's warps (`tilegpu.num_warps`), shared-memory arena
    (`tilegpu.shared_bytes`) and its `occupancy` and `num_cta_in_cga` hints
    (the target's key, then `default`), and checks them against the
    target's resource model (include/tileir/Target/ResourceModel.h). The
    decision is recorded on the entry:
    - `tilegpu.max_registers`: the register cap that lets `occupancy` CTAs
      reside on one SM (becomes `.maxnreg`);
    - `tilegpu.min_ctas_per_sm`: the occupancy planned (`.minnctapersm`);
    - `tilegpu.cluster_dims`: the CTAs of one cluster (`.reqnctapercluster`).
    A request that cannot be met is reduced, with a warning and a remark
    that give what was asked, what was achieved and why. Only a CTA that
    cannot fit on an SM at all is an error. Invalid hint values are
    warnings.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    ListOption<"occupancyOverrides", "occupancy-override", "std::string",
               "`kernel=N`: plan N CTAs per SM for that kernel instead of "
               "its hint (the driver's re-plan after ptxas)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

#endif // TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_TD
