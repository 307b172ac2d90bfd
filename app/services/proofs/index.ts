export * from "./address";
export * from "./place";
export * from "./ports";
export * from "./quote";
export * from "./what-to-print";
