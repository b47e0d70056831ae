import type { ItemRarity, ItemSlot } from "#shared/character";

/**
 * The default item catalogue: three items for each of the eleven slots, written to a new database at start
 * (`items-admin/ensure-catalogue.ts`; an admin's later edits are kept). Each has its built-in drawing
 * (`avatar/art/items.ts`, under the same key as its id). An item with a price is bought with gold; one with an
 * achievement key is granted by that gamification achievement (the defaults' keys: `threads_1`, `posts_50`,
 * `level_10`…); one marked `arenaReward` may be won in the arena. Items with neither price nor achievement are
 * arena rewards.
 */
export type CatalogueItem = {
  id: string;
  slot: ItemSlot;
  rarity: ItemRarity;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  strength: number;
  intelligence: number;
  agility: number;
  charisma: number;
  levelRequired: number;
  price: number | null;
  achievementKey: string | null;
  arenaReward: boolean;
  artKey: string;
};

type Bonus = Partial<Pick<CatalogueItem, "strength" | "intelligence" | "agility" | "charisma">>;

const item = (
  id: string,
  slot: ItemSlot,
  rarity: ItemRarity,
  names: [en: string, es: string],
  descriptions: [en: string, es: string],
  bonus: Bonus,
  rest: { level?: number; price?: number | null; achievement?: string | null; arena?: boolean } = {},
): CatalogueItem => ({
  id,
  slot,
  rarity,
  nameEn: names[0],
  nameEs: names[1],
  descriptionEn: descriptions[0],
  descriptionEs: descriptions[1],
  strength: bonus.strength ?? 0,
  intelligence: bonus.intelligence ?? 0,
  agility: bonus.agility ?? 0,
  charisma: bonus.charisma ?? 0,
  levelRequired: rest.level ?? 1,
  price: rest.price ?? null,
  achievementKey: rest.achievement ?? null,
  arenaReward: rest.arena ?? false,
  artKey: id,
});

export const ITEM_CATALOGUE: readonly CatalogueItem[] = [
  // Head
  item(
    "leather-cap",
    "head",
    "common",
    ["Leather cap", "Gorro de cuero"],
    ["Keeps the rain and the worst ideas out.", "Protege de la lluvia y de las peores ideas."],
    { agility: 1 },
    { price: 30 },
  ),
  item(
    "iron-helm",
    "head",
    "rare",
    ["Iron helm", "Yelmo de hierro"],
    ["Heavy, dented, trustworthy.", "Pesado, abollado y de fiar."],
    { strength: 3 },
    { level: 5, price: 180 },
  ),
  item(
    "starlit-crown",
    "head",
    "legendary",
    ["Starlit crown", "Corona estrellada"],
    ["Worn by those who reached level 20.", "La llevan quienes alcanzaron el nivel 20."],
    { intelligence: 4, charisma: 4 },
    { level: 20, achievement: "level_20" },
  ),
  // Chest
  item(
    "cloth-tunic",
    "chest",
    "common",
    ["Cloth tunic", "Túnica de tela"],
    ["Comfortable for long forum nights.", "Cómoda para las largas noches de foro."],
    { charisma: 1 },
    { price: 25 },
  ),
  item(
    "chainmail",
    "chest",
    "uncommon",
    ["Chainmail", "Cota de malla"],
    ["Rings on rings on rings.", "Anillas sobre anillas sobre anillas."],
    { strength: 2 },
    { level: 3, price: 120 },
  ),
  item(
    "dragonscale-armor",
    "chest",
    "epic",
    ["Dragonscale armour", "Armadura de escamas de dragón"],
    ["Scales that once shrugged off fire.", "Escamas que un día resistieron el fuego."],
    { strength: 4, agility: 2 },
    { level: 15, arena: true },
  ),
  // Legs
  item(
    "linen-trousers",
    "legs",
    "common",
    ["Linen trousers", "Pantalones de lino"],
    ["Light, airy and easy to patch.", "Ligeros, frescos y fáciles de remendar."],
    { agility: 1 },
    { price: 20 },
  ),
  item(
    "ranger-leggings",
    "legs",
    "uncommon",
    ["Ranger leggings", "Mallas de explorador"],
    ["Quiet on every trail.", "Silenciosas en cualquier sendero."],
    { agility: 2 },
    { level: 3, price: 90 },
  ),
  item(
    "plated-legguards",
    "legs",
    "rare",
    ["Plated legguards", "Grebas de placas"],
    ["For those who posted ten replies.", "Para quien publicó diez respuestas."],
    { strength: 2, agility: 1 },
    { level: 5, achievement: "posts_10" },
  ),
  // Feet
  item(
    "sandals",
    "feet",
    "common",
    ["Sandals", "Sandalias"],
    ["Sun, sand and a little speed.", "Sol, arena y un poco de velocidad."],
    { agility: 1 },
    { price: 15 },
  ),
  item(
    "traveller-boots",
    "feet",
    "uncommon",
    ["Traveller's boots", "Botas de viajero"],
    ["They have walked every road of the forum.", "Han recorrido todos los caminos del foro."],
    { agility: 2, charisma: 1 },
    { level: 4, price: 110 },
  ),
  item(
    "winged-boots",
    "feet",
    "epic",
    ["Winged boots", "Botas aladas"],
    ["Won in the arena, fast as a rumour.", "Ganadas en la arena, rápidas como un rumor."],
    { agility: 5 },
    { level: 12, arena: true },
  ),
  // Main hand
  item(
    "wooden-sword",
    "main_hand",
    "common",
    ["Wooden sword", "Espada de madera"],
    ["Every legend starts with a practice blade.", "Toda leyenda empieza con una espada de práctica."],
    { strength: 2 },
    { price: 40 },
  ),
  item(
    "oak-staff",
    "main_hand",
    "uncommon",
    ["Oak staff", "Bastón de roble"],
    ["A crystal hums at its tip.", "Un cristal zumba en su punta."],
    { intelligence: 3 },
    { level: 3, price: 140 },
  ),
  item(
    "flame-blade",
    "main_hand",
    "legendary",
    ["Flame blade", "Hoja de llamas"],
    ["Forged in the arena's hottest fights.", "Forjada en los combates más reñidos de la arena."],
    { strength: 6, agility: 2 },
    { level: 25, arena: true },
  ),
  // Off hand
  item(
    "wooden-shield",
    "off_hand",
    "common",
    ["Wooden shield", "Escudo de madera"],
    ["Round, sturdy and a little scratched.", "Redondo, robusto y algo rayado."],
    { strength: 1 },
    { price: 35 },
  ),
  item(
    "spell-tome",
    "off_hand",
    "uncommon",
    ["Spell tome", "Libro de hechizos"],
    ["Notes from five threads of your own.", "Apuntes de cinco hilos propios."],
    { intelligence: 3 },
    { level: 2, achievement: "threads_5" },
  ),
  item(
    "kite-shield",
    "off_hand",
    "rare",
    ["Kite shield", "Escudo de cometa"],
    ["Blue and gold, seen from afar.", "Azul y oro, se ve desde lejos."],
    { strength: 3, charisma: 1 },
    { level: 8, price: 260 },
  ),
  // Ring
  item(
    "copper-ring",
    "ring",
    "common",
    ["Copper ring", "Anillo de cobre"],
    ["Warm to the touch.", "Cálido al tacto."],
    { charisma: 1 },
    { price: 30 },
  ),
  item(
    "sapphire-ring",
    "ring",
    "rare",
    ["Sapphire ring", "Anillo de zafiro"],
    ["A deep blue that calms the mind.", "Un azul profundo que calma la mente."],
    { intelligence: 3 },
    { level: 6, price: 240 },
  ),
  item(
    "ring-of-echoes",
    "ring",
    "epic",
    ["Ring of echoes", "Anillo de los ecos"],
    ["Fifty likes given still ring in it.", "Aún resuenan en él cincuenta «me gusta» dados."],
    { charisma: 3, intelligence: 2 },
    { level: 10, achievement: "likes_given_50" },
  ),
  // Amulet
  item(
    "bone-charm",
    "amulet",
    "common",
    ["Bone charm", "Amuleto de hueso"],
    ["A lucky charm from the first like.", "Un amuleto de la suerte del primer «me gusta»."],
    { charisma: 1 },
    { achievement: "likes_given_1" },
  ),
  item(
    "moon-amulet",
    "amulet",
    "rare",
    ["Moon amulet", "Amuleto lunar"],
    ["It glows a little on quiet nights.", "Brilla un poco en las noches tranquilas."],
    { intelligence: 2, agility: 1 },
    { level: 7, price: 220 },
  ),
  item(
    "heart-of-the-forum",
    "amulet",
    "epic",
    ["Heart of the forum", "Corazón del foro"],
    ["For fifty replies that helped others.", "Por cincuenta respuestas que ayudaron a otros."],
    { charisma: 5 },
    { level: 10, achievement: "posts_50" },
  ),
  // Frame
  item(
    "simple-frame",
    "frame",
    "common",
    ["Simple frame", "Marco sencillo"],
    ["Honest wood around your portrait.", "Madera honrada alrededor de tu retrato."],
    {},
    { price: 20 },
  ),
  item(
    "golden-frame",
    "frame",
    "rare",
    ["Golden frame", "Marco dorado"],
    ["Shines on every page you post on.", "Brilla en cada página donde publicas."],
    { charisma: 2 },
    { level: 10, achievement: "level_10" },
  ),
  item(
    "laurel-frame",
    "frame",
    "legendary",
    ["Laurel frame", "Marco de laurel"],
    ["Twenty threads started, twenty laurels.", "Veinte hilos creados, veinte laureles."],
    { charisma: 4 },
    { level: 15, achievement: "threads_20" },
  ),
  // Aura
  item(
    "ember-aura",
    "aura",
    "uncommon",
    ["Ember aura", "Aura de ascuas"],
    ["Sparks follow you around.", "Las chispas te siguen a todas partes."],
    { strength: 1 },
    { level: 5, achievement: "level_5" },
  ),
  item(
    "frost-aura",
    "aura",
    "rare",
    ["Frost aura", "Aura de escarcha"],
    ["A cool head in every argument.", "Cabeza fría en cada discusión."],
    { intelligence: 2 },
    { level: 8, price: 300 },
  ),
  item(
    "arcane-aura",
    "aura",
    "epic",
    ["Arcane aura", "Aura arcana"],
    ["Stars circle those who win in the arena.", "Las estrellas rodean a quien gana en la arena."],
    { intelligence: 3, charisma: 2 },
    { level: 15, arena: true },
  ),
  // Badge
  item(
    "first-thread-badge",
    "badge",
    "common",
    ["First thread badge", "Insignia del primer hilo"],
    ["You started a conversation.", "Empezaste una conversación."],
    {},
    { achievement: "threads_1" },
  ),
  item(
    "friendly-badge",
    "badge",
    "rare",
    ["Friendly badge", "Insignia amistosa"],
    ["Fifty likes received from the community.", "Cincuenta «me gusta» recibidos de la comunidad."],
    { charisma: 2 },
    { achievement: "likes_received_50" },
  ),
  item(
    "champion-badge",
    "badge",
    "legendary",
    ["Champion badge", "Insignia de campeón"],
    ["Only the arena hands these out.", "Solo la arena las reparte."],
    { strength: 2, agility: 2 },
    { level: 20, arena: true },
  ),
];
