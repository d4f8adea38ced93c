// Inputs of test/Tools/eval-order.test; never compiled.

// Two arguments each create an op: GCC and Clang order them differently.
Value twoCreates(OpBuilder &b, Location loc, Value x, Value y) {
  return LLVM::AddOp::create(b, loc, LLVM::ZExtOp::create(b, loc, i32, x),
                             LLVM::ZExtOp::create(b, loc, i32, y));
}

// Helpers that take the builder count as well.
void twoHelpers(OpBuilder &b, Location loc) {
  step(i32Const(b, loc, 1),
       i32Const(b, loc, 2));
}

// So do local lambdas whose bodies build IR.
Value twoLambdaCalls(OpBuilder &b, Location loc, Value x, Value y) {
  auto widen = [&](Value v) { return LLVM::ZExtOp::create(b, loc, i32, v); };
  return combine(widen(x), widen(y));
}

// One statement per created value: fine.
Value sequenced(OpBuilder &b, Location loc, Value x, Value y) {
  Value wideX = LLVM::ZExtOp::create(b, loc, i32, x);
  Value wideY = LLVM::ZExtOp::create(b, loc, i32, y);
  return LLVM::AddOp::create(b, loc, wideX, wideY);
}

// Only one argument builds IR: fine.
Value one(OpBuilder &b, Location loc, Value x) {
  return LLVM::AddOp::create(b, loc, x, i32Const(b, loc, 1));
}

// Braced lists are evaluated left to right: fine.
SmallVector<Value> braced(OpBuilder &b, Location loc) {
  return {i32Const(b, loc, 1), i32Const(b, loc, 2)};
}

// A lambda argument is not evaluated at the call: fine.
void deferred(OpBuilder &b, Location loc) {
  emitLoop(i32Const(b, loc, 0), [&](Value i) { i32Const(b, loc, 1); });
}

// Text in comments and strings is not code: fine.
// f(i32Const(b, loc, 1), i32Const(b, loc, 2));
const char *text = "f(i32Const(b, loc, 1), i32Const(b, loc, 2))";
