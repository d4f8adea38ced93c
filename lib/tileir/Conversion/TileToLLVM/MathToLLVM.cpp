//===- MathToLLVM.cpp - Math functions, register by register --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The math ops of cuda_tile on one register:
//  - full-precision transcendental functions call libdevice (`__nv_sinf`,
//    `__nv_exp`, ...), the CUDA math library as LLVM bitcode, which the PTX
//    emitter links in; f16 and bf16 are evaluated in f32 and rounded back;
//  - `rounding<approx>` maps to the PTX approximations: exp is
//    ex2.approx.f32 of x * log2(e), tanh is tanh.approx.f32;
//  - exp2 with flush_to_zero is ex2.approx.ftz.f32 and rsqrt on f32 is
//    rsqrt.approx.f32 (what the CUDA math library uses for them too);
//  - sqrt honours its IEEE rounding modes, approx and flush_to_zero through
//    the NVVM sqrt intrinsics; floor and ceil are LLVM intrinsics.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseUtils.h"
#include "LoweringUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

//===----------------------------------------------------------------------===//
// libdevice
//===----------------------------------------------------------------------===//

FailureOr<Value> lowering::createLibdeviceCall(OpBuilder &b, Location loc,
                                               Operation *op, StringRef name,
                                               Type resultType,
                                               ValueRange args) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module) {
    op->emitOpError("must be inside a module to call ") << name;
    return failure();
  }
  SmallVector<Type> argTypes(args.getTypes());
  auto fnType = LLVM::LLVMFunctionType::get(resultType, argTypes);
  auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!fn) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    fn = LLVM::LLVMFuncOp::create(b, module.getLoc(), name, fnType);
  } else if (fn.getFunctionType() != fnType) {
    op->emitOpError("the module declares ")
        << name << " with type " << fn.getFunctionType() << ", expected "
        << fnType;
    return failure();
  }
  return LLVM::CallOp::create(b, loc, fn, args).getResult();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// Calls libdevice's `f32Name` / `f64Name` on f32 / f64 operands; f16 and
/// bf16 operands are widened to f32 and the result rounded back to nearest.
static FailureOr<Value> emitLibdeviceMath(OpBuilder &b, Operation *op,
                                          StringRef f32Name, StringRef f64Name,
                                          ValueRange operands) {
  Location loc = op->getLoc();
  Type type = operands.front().getType();
  if (type.isF64())
    return createLibdeviceCall(b, loc, op, f64Name, type, operands);
  SmallVector<Value> wide;
  for (Value v : operands)
    wide.push_back(extendToF32(b, loc, v));
  FailureOr<Value> result =
      createLibdeviceCall(b, loc, op, f32Name, b.getF32Type(), wide);
  if (failed(result) || type.isF32())
    return result;
  return Value(LLVM::FPTruncOp::create(b, loc, type, *result));
}

/// Applies the f32 function `fn` to an f16/bf16/f32 value, widening and
/// rounding back to nearest.
template <typename Fn>
static Value applyInF32(OpBuilder &b, Location loc, Value v, Fn fn) {
  Type type = v.getType();
  Value result = fn(extendToF32(b, loc, v));
  if (type.isF32())
    return result;
  return LLVM::FPTruncOp::create(b, loc, type, result);
}

/// tanh.approx.f32 (sm_75+). Inline assembly because LLVM only selects it
/// for `afn` tanh calls, which would make the choice an optimization.
static Value emitTanhApprox(OpBuilder &b, Location loc, Value x) {
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getF32Type(), ValueRange{x}, "tanh.approx.f32 $0, $1;",
      "=f,f", /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
      /*operand_attrs=*/nullptr);
  return asmOp.getResult(0);
}

static FailureOr<Value> emitExp(OpBuilder &b, cuda_tile::ExpOp op, Value x) {
  Location loc = op.getLoc();
  if (op.getRoundingMode() != cuda_tile::RoundingMode::Approx)
    return emitLibdeviceMath(b, op, "__nv_expf", "__nv_exp", {x});
  if (x.getType().isF64()) {
    op.emitOpError("rounding<approx> is only supported on f32 and narrower");
    return failure();
  }
  // e^x = 2^(x * log2(e)), with the hardware's approximate exp2.
  return applyInF32(b, loc, x, [&](Value v) {
    Value scaled = LLVM::FMulOp::create(
        b, loc, v, floatConst(b, loc, b.getF32Type(), 1.4426950408889634));
    return createIntrinsicCall(b, loc, "llvm.nvvm.ex2.approx", b.getF32Type(),
                               {scaled});
  });
}

static FailureOr<Value> emitExp2(OpBuilder &b, cuda_tile::Exp2Op op, Value x) {
  Location loc = op.getLoc();
  if (op.getFlushToZero() && x.getType().isF32())
    return createIntrinsicCall(b, loc, "llvm.nvvm.ex2.approx.ftz",
                               x.getType(), {x});
  return emitLibdeviceMath(b, op, "__nv_exp2f", "__nv_exp2", {x});
}

static FailureOr<Value> emitTanh(OpBuilder &b, cuda_tile::TanHOp op,
                                 Value x) {
  Location loc = op.getLoc();
  if (op.getRoundingMode() != cuda_tile::RoundingMode::Approx)
    return emitLibdeviceMath(b, op, "__nv_tanhf", "__nv_tanh", {x});
  if (x.getType().isF64()) {
    op.emitOpError("rounding<approx> is only supported on f32 and narrower");
    return failure();
  }
  return applyInF32(b, loc, x,
                    [&](Value v) { return emitTanhApprox(b, loc, v); });
}

static FailureOr<Value> emitRsqrt(OpBuilder &b, cuda_tile::RsqrtOp op,
                                  Value x) {
  Location loc = op.getLoc();
  Type type = x.getType();
  // rsqrt.approx.f64 is much less accurate than libdevice's rsqrt.
  if (type.isF64())
    return createLibdeviceCall(b, loc, op, "__nv_rsqrt", type, {x});
  bool ftz = op.getFlushToZero() && type.isF32();
  return applyInF32(b, loc, x, [&](Value v) {
    return createIntrinsicCall(b, loc,
                               ftz ? "llvm.nvvm.rsqrt.approx.ftz.f"
                                   : "llvm.nvvm.rsqrt.approx.f",
                               b.getF32Type(), {v});
  });
}

static FailureOr<Value> emitSqrt(OpBuilder &b, cuda_tile::SqrtOp op,
                                 Value x) {
  Location loc = op.getLoc();
  Type type = x.getType();
  cuda_tile::RoundingMode mode = op.getRoundingMode();
  bool ftz = op.getFlushToZero() && type.isF32();
  if (mode == cuda_tile::RoundingMode::Approx) {
    if (type.isF64()) {
      op.emitOpError("rounding<approx> is only supported on f32 and "
                     "narrower");
      return failure();
    }
    return applyInF32(b, loc, x, [&](Value v) {
      return createIntrinsicCall(b, loc,
                                 ftz ? "llvm.nvvm.sqrt.approx.ftz.f"
                                     : "llvm.nvvm.sqrt.approx.f",
                                 b.getF32Type(), {v});
    });
  }
  std::optional<StringRef> suffix = getIEEERoundingSuffix(mode);
  if (!suffix) {
    op.emitOpError("cannot lower rounding mode '")
        << cuda_tile::stringifyRoundingMode(mode) << "'";
    return failure();
  }
  if (mode == cuda_tile::RoundingMode::NearestEven && !ftz &&
      (type.isF32() || type.isF64()))
    return Value(LLVM::SqrtOp::create(b, loc, type, x));
  if (type.isF64())
    return createIntrinsicCall(b, loc, ("llvm.nvvm.sqrt." + *suffix + ".d").str(),
                               type, {x});
  std::string name =
      ("llvm.nvvm.sqrt." + *suffix + (ftz ? ".ftz" : "") + ".f").str();
  Value wide = createIntrinsicCall(b, loc, name, b.getF32Type(),
                                   {extendToF32(b, loc, x)});
  if (type.isF32())
    return wide;
  // Rounded once more with the same mode: exact (see truncateF32).
  return truncateF32(b, loc, wide, type, mode);
}

/// fpowi: pow(x, n) of the exponent converted to the base's precision
/// (f32 for f16/bf16), with two fixes. A constant exponent of -1, 0, 1 or 2
/// is one correctly rounded operation (1/x, 1, x, x*x) as pow gives it
/// (pow(x, 0) is 1 even for NaN). Converting an i32 above 2^24 to f32 can
/// make an odd exponent even, so an odd `n` takes the sign of `x`, as pow
/// with an odd integer exponent does.
static FailureOr<Value> emitFPowI(OpBuilder &b, cuda_tile::FPowIOp op,
                                  Value x, Value n) {
  Location loc = op.getLoc();
  Type type = x.getType();
  Type i32 = b.getI32Type();
  if (!n.getType().isInteger(32))
    n = LLVM::SExtOp::create(b, loc, i32, n);
  APInt constant;
  if (matchPattern(n, m_ConstantInt(&constant))) {
    int64_t e = constant.getSExtValue();
    if (e == 0)
      return floatConst(b, loc, type, 1.0);
    if (e == 1)
      return x;
    if (e == 2 || e == -1)
      return applyInF32(b, loc, x, [&](Value v) -> Value {
        Type t = v.getType();
        if (e == 2)
          return LLVM::FMulOp::create(b, loc, t, v, v);
        return LLVM::FDivOp::create(b, loc, t, floatConst(b, loc, t, 1.0), v);
      });
  }
  if (type.isF64())
    return createLibdeviceCall(b, loc, op, "__nv_pow", type,
                               {x, LLVM::SIToFPOp::create(b, loc, type, n)});
  Type f32 = b.getF32Type();
  Value wide = extendToF32(b, loc, x);
  FailureOr<Value> power = createLibdeviceCall(
      b, loc, op, "__nv_powf", f32,
      {wide, LLVM::SIToFPOp::create(b, loc, f32, n)});
  if (failed(power))
    return failure();
  Value odd = LLVM::TruncOp::create(b, loc, b.getI1Type(), n);
  Value signed_ = LLVM::CopySignOp::create(b, loc, f32, *power, wide);
  Value result = LLVM::SelectOp::create(b, loc, odd, signed_, *power);
  if (type.isF32())
    return result;
  return Value(LLVM::FPTruncOp::create(b, loc, type, result));
}

bool lowering::isMathOp(Operation *op) {
  return isa<cuda_tile::CeilOp, cuda_tile::FloorOp, cuda_tile::CosOp,
             cuda_tile::CosHOp, cuda_tile::SinOp, cuda_tile::SinHOp,
             cuda_tile::TanOp, cuda_tile::TanHOp, cuda_tile::ExpOp,
             cuda_tile::Exp2Op, cuda_tile::LogOp, cuda_tile::Log2Op,
             cuda_tile::PowOp, cuda_tile::SqrtOp, cuda_tile::RsqrtOp,
             cuda_tile::Atan2Op, cuda_tile::FPowIOp>(op);
}

FailureOr<Value> lowering::emitMathOp(OpBuilder &b, Operation *op,
                                      ValueRange operands,
                                      const TileLLVMTypeConverter &converter) {
  Location loc = op->getLoc();
  if (operands.empty())
    return failure();
  Type type = operands.front().getType();
  if (!type.isF16() && !type.isBF16() && !type.isF32() && !type.isF64()) {
    op->emitOpError("cannot lower math on ") << type;
    return failure();
  }
  Value x = operands.front();
  using Result = FailureOr<Value>;
  auto libdevice = [&](StringRef f32Name, StringRef f64Name) -> Result {
    return emitLibdeviceMath(b, op, f32Name, f64Name, operands);
  };
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](cuda_tile::CeilOp) -> Result {
        return Value(LLVM::FCeilOp::create(b, loc, type, x));
      })
      .Case([&](cuda_tile::FloorOp) -> Result {
        return Value(LLVM::FFloorOp::create(b, loc, type, x));
      })
      .Case([&](cuda_tile::CosOp) { return libdevice("__nv_cosf", "__nv_cos"); })
      .Case([&](cuda_tile::CosHOp) {
        return libdevice("__nv_coshf", "__nv_cosh");
      })
      .Case([&](cuda_tile::SinOp) { return libdevice("__nv_sinf", "__nv_sin"); })
      .Case([&](cuda_tile::SinHOp) {
        return libdevice("__nv_sinhf", "__nv_sinh");
      })
      .Case([&](cuda_tile::TanOp) { return libdevice("__nv_tanf", "__nv_tan"); })
      .Case([&](cuda_tile::TanHOp o) { return emitTanh(b, o, x); })
      .Case([&](cuda_tile::ExpOp o) { return emitExp(b, o, x); })
      .Case([&](cuda_tile::Exp2Op o) { return emitExp2(b, o, x); })
      .Case([&](cuda_tile::LogOp) { return libdevice("__nv_logf", "__nv_log"); })
      .Case([&](cuda_tile::Log2Op) {
        return libdevice("__nv_log2f", "__nv_log2");
      })
      .Case([&](cuda_tile::PowOp) { return libdevice("__nv_powf", "__nv_pow"); })
      .Case([&](cuda_tile::Atan2Op) {
        // atan2(x, y) is the angle of the point (y, x): C's atan2 order.
        return libdevice("__nv_atan2f", "__nv_atan2");
      })
      .Case([&](cuda_tile::FPowIOp o) -> Result {
        if (operands.size() != 2)
          return failure();
        return emitFPowI(b, o, x, operands[1]);
      })
      .Case([&](cuda_tile::SqrtOp o) { return emitSqrt(b, o, x); })
      .Case([&](cuda_tile::RsqrtOp o) { return emitRsqrt(b, o, x); })
      .Default([](Operation *) -> Result { return failure(); });
}
