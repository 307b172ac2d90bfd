export * from "./form";
export * from "./prices";
export * from "./product-set";
export * from "./text";
export * from "./image-source";
export * from "./request-codec";
