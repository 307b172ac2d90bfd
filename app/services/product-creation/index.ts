export * from "./form";
export * from "./prices";
export * from "./product-set";
export * from "./text";
