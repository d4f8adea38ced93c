// An unspecialized TMA loop whose products all complete in their iteration
// (attention: QK^T, then PV over a rescaled accumulator) and whose body
// touches no shared memory but the products' reads of its stages releases
// each stage on an `empty` mbarrier (one arrival per warpgroup at the end
// of the body) that the refilling thread waits for, leader-only, before
// its copies. The `if` holding them is `mbarrier_ordered`, so
// tileir-insert-barriers puts no CTA barrier in the loop, and the two
// warpgroups need not run in step. With `empty-barriers=0` a CTA barrier
// before the refill orders it after the other warpgroup's reads.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers | FileCheck %s
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 empty-barriers=0' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: entry @attention_like(
// CHECK: tilegpu.mbarrier_init %[[BARS:.*]], [2, 2, 2, 2, 2, 2]
// CHECK: for {{.*}} iter_values({{.*}}, %[[READ:arg[0-9]+]] = {{.*}}, %[[WRITE:arg[0-9]+]] = {{.*}}, %[[PHASE:arg[0-9]+]] = {{.*}}, %[[WPHASE:arg[0-9]+]] = {{.*}})
// CHECK-NEXT: tilegpu.mbarrier_wait %[[BARS]][%[[READ]]], %[[PHASE]]
// CHECK-NOT: tilegpu.barrier
// CHECK: select %{{.*}}, %{{.*}}, %[[WPHASE]]
// CHECK: %[[PARITY:.*]] = subi %{{.*}}, %[[WPHASE]]
// CHECK-NEXT: %[[EMPTY:.*]] = addi %[[WRITE]], %{{.*}}
// CHECK-NEXT: if
// CHECK-NEXT: tilegpu.mbarrier_wait %[[BARS]][%[[EMPTY]]], %[[PARITY]] {tilegpu.leader_only}
// CHECK: tilegpu.tma_copy
// CHECK: tilegpu.tma_copy
// CHECK: } {tilegpu.mbarrier_ordered}
// CHECK-NOT: tilegpu.barrier
// CHECK: tilegpu.warpgroup_dot
// CHECK-NOT: tilegpu.barrier
// CHECK: tilegpu.warpgroup_dot
// CHECK-NOT: tilegpu.barrier
// CHECK: %[[RELEASE:.*]] = addi %[[READ]], %{{.*}}
// CHECK-NEXT: tilegpu.mbarrier_arrive %[[BARS]][%[[RELEASE]]] per_warpgroup
// CHECK-NEXT: continue
// OFF-LABEL: entry @attention_like(
// OFF: tilegpu.mbarrier_init %{{.*}}, [2, 2, 2]
// OFF: for
// OFF: if
// OFF-NOT: tilegpu.mbarrier_wait
// OFF: tilegpu.barrier
// OFF-NEXT: tilegpu.tma_copy
// OFF-NOT: tilegpu.mbarrier_arrive
// OFF: continue
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 3 stages: {{.*}}; one thread issues the copies with TMA (tensor maps built on the device), every thread waits on the stage's mbarrier; the warpgroups release each stage on an mbarrier that the refilling thread waits for, instead of meeting at a CTA barrier; 4 stages wanted, shared memory holds 3", Stages=3
// The refilling thread alone waits: thread 0's block.
// LLVM-LABEL: llvm.func @attention_like(
// LLVM: nvvm.mbarrier.try_wait.parity
// LLVM: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// LLVM-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// LLVM-NEXT: %[[LEADER:.*]] = llvm.icmp "eq" %[[TID]], %[[ZERO]] : i32
// LLVM-NEXT: llvm.cond_br %[[LEADER]], ^[[THEN:bb[0-9]+]], ^{{bb[0-9]+}}
// LLVM-NEXT: ^[[THEN]]:
// LLVM-NEXT: llvm.getelementptr
// LLVM-NEXT: llvm.mlir.constant
// LLVM-NEXT: nvvm.mbarrier.try_wait.parity
cuda_tile.module @attention_like {
  entry @attention_like(%q0: tile<ptr<bf16>>, %k0: tile<ptr<bf16>>, %v0: tile<ptr<bf16>>, %o0: tile<ptr<f32>>, %n: tile<i32>) {
    %q = assume div_by<16>, %q0 : tile<ptr<bf16>>
    %k = assume div_by<16>, %k0 : tile<ptr<bf16>>
    %v = assume div_by<16>, %v0 : tile<ptr<bf16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xbf16, strides=[128,1]>
    %qp = make_partition_view %qv : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x128xbf16, strides=[128,1]>>
    %kv = make_tensor_view %k, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %kp = make_partition_view %kv : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %vv = make_tensor_view %v, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %vp = make_partition_view %vv : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %qt, %tq = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x128xbf16, strides=[128,1]>>, tile<i32> -> tile<128x128xbf16>, token
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %half = constant <f32: 0.5> : tile<128x128xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<128x128xf32>) {
      %kt, %t0 = load_view_tko weak %kp[%j, %c0] : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<128x128xbf16>, token
      %vt, %t1 = load_view_tko weak %vp[%j, %c0] : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<128x128xbf16>, token
      %ktt = permute %kt [1, 0] : tile<128x128xbf16> -> tile<128x128xbf16>
      %s = mmaf %qt, %ktt, %zero : tile<128x128xbf16>, tile<128x128xbf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xbf16>
      %scaled = mulf %o, %half rounding<nearest_even> : tile<128x128xf32>
      %next = mmaf %p, %vt, %scaled : tile<128x128xbf16>, tile<128x128xbf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %ov = make_tensor_view %o0, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %op = make_partition_view %ov : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %op[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
