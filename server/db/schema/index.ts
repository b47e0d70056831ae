export * from "./accounts";
export * from "./site";
export * from "./mail";
export * from "./forum";
export * from "./gamification";
export * from "./campaigns";
export * from "./promotions";
export * from "./content";
