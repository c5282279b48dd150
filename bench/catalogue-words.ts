// Word lists for the large benchmark catalogue (bench/catalogue-generator.ts): brands, models, tastes and the
// phrases descriptions are made of. Fictional brands; a few names carry accents on purpose ("Crème brûlée").

export const brands = [
  "Lumen",
  "Kestrel",
  "Northwind",
  "Vireo",
  "Aurora",
  "Halcyon",
  "Solstice",
  "Marlow",
  "Ember",
  "Tidewell",
  "Quill",
  "Brightwater",
  "Fennel & Co",
  "Cirrus",
  "Mistral",
  "Oakhaven",
  "Élan",
  "Verve",
  "Nimbus",
  "Saffron",
];

export const models = [
  "Nova",
  "Pulse",
  "Arc",
  "Drift",
  "Flux",
  "Orbit",
  "Prism",
  "Echo",
  "Zephyr",
  "Vapor",
  "Ion",
  "Glide",
  "Rune",
  "Crest",
  "Atlas",
  "Spark",
  "Halo",
  "Nimbus",
  "Tempo",
  "Axis",
];

export const modelSuffixes = ["", "", "Pro", "Max", "Mini", "Air", "Plus", "Lite", "Switch", "Duo"];

export const puffRatings = [600, 1500, 2500, 3500, 5000, 6000, 7000, 8000, 10000, 12000, 15000, 20000, 30000];

/** A taste and how a description talks about it. */
export type Taste = { name: string; phrase: string };

export const tastes: Taste[] = [
  { name: "Mango", phrase: "ripe Alphonso mango" },
  { name: "Strawberry", phrase: "sun-warm strawberries" },
  { name: "Blue Razz", phrase: "sharp blue raspberry candy" },
  { name: "Watermelon", phrase: "juicy watermelon" },
  { name: "Peach", phrase: "soft white peach" },
  { name: "Lemon", phrase: "zesty lemon peel" },
  { name: "Lime", phrase: "tart Persian lime" },
  { name: "Grape", phrase: "dark Concord grape" },
  { name: "Cherry", phrase: "black cherries" },
  { name: "Blueberry", phrase: "wild blueberries" },
  { name: "Raspberry", phrase: "fresh raspberries" },
  { name: "Blackcurrant", phrase: "tangy blackcurrant" },
  { name: "Kiwi", phrase: "green kiwi" },
  { name: "Pineapple", phrase: "golden pineapple" },
  { name: "Passion Fruit", phrase: "fragrant passion fruit" },
  { name: "Guava", phrase: "pink guava" },
  { name: "Lychee", phrase: "floral lychee" },
  { name: "Apple", phrase: "crisp green apple" },
  { name: "Pear", phrase: "Conference pear" },
  { name: "Banana", phrase: "creamy banana" },
  { name: "Coconut", phrase: "toasted coconut" },
  { name: "Honeydew", phrase: "cool honeydew melon" },
  { name: "Dragonfruit", phrase: "mild dragon fruit" },
  { name: "Pomegranate", phrase: "jewel-bright pomegranate" },
  { name: "Rhubarb", phrase: "stewed rhubarb" },
  { name: "Elderflower", phrase: "English elderflower" },
  { name: "Cola", phrase: "fizzy cola-bottle sweets" },
  { name: "Cotton Candy", phrase: "spun-sugar candyfloss" },
  { name: "Bubblegum", phrase: "pink bubblegum" },
  { name: "Vanilla", phrase: "Madagascan vanilla" },
  { name: "Caramel", phrase: "buttery salted caramel" },
  { name: "Hazelnut", phrase: "roasted hazelnut" },
  { name: "Tobacco", phrase: "a smooth golden Virginia tobacco" },
  { name: "Menthol", phrase: "clean menthol" },
  { name: "Spearmint", phrase: "garden spearmint" },
  { name: "Crème brûlée", phrase: "vanilla custard under a burnt-sugar crust" },
  { name: "Piña Colada", phrase: "pineapple and coconut cream" },
  { name: "Café Crème", phrase: "milky espresso" },
  { name: "Açaí", phrase: "dark açaí berries" },
  { name: "Yuzu", phrase: "bright Japanese yuzu" },
];

/** What can follow a taste in a name ("" for none), and how a description says it. */
export const finishes: Taste[] = [
  { name: "", phrase: "" },
  { name: "", phrase: "" },
  { name: "Ice", phrase: "with a cold menthol finish" },
  { name: "Ice", phrase: "with an icy exhale" },
  { name: "Lemonade", phrase: "stirred into cloudy lemonade" },
  { name: "Sour", phrase: "dusted in sour sugar" },
  { name: "Soda", phrase: "in a fizzy soda" },
  { name: "Custard", phrase: "folded into thick custard" },
  { name: "Tart", phrase: "baked into a shortcrust tart" },
  { name: "Sorbet", phrase: "churned into a sharp sorbet" },
  { name: "Cream", phrase: "over whipped cream" },
  { name: "Crumble", phrase: "under a buttery crumble" },
  { name: "Fizz", phrase: "with a sherbet fizz" },
  { name: "Smoothie", phrase: "blended into a thick smoothie" },
];

export const descriptionTails = [
  "Tart on the inhale, smooth on the exhale.",
  "Sweet without being sticky, and it stays that way to the last puff.",
  "Made with nicotine salt, so even the stronger version is gentle on the throat.",
  "A favourite for all-day vaping: bright but never tiring.",
  "Blended and bottled in the UK, TPD-notified, in a child-resistant pack.",
  "Best at a tighter airflow, where the flavour is fullest.",
  "Lighter than it sounds; the sweetness fades into a clean finish.",
  "Our customers' pick for a first flavour.",
  "Complex enough for a dessert lover, simple enough for every day.",
  "A limited batch that keeps coming back by popular demand.",
];

export const deviceFeatures = [
  "USB-C fast charging",
  "Adjustable airflow",
  "Draw-activated, no buttons",
  "Battery level display",
  "Child-resistant pod lock",
  "Mesh coil for fuller flavour",
  "Magnetic pod connection",
  "Leak-resistant pod design",
  "Pocket-sized aluminium body",
  "Refillable 2 ml pods",
  "Auto shut-off after 10 seconds",
  "Available in six colours",
];

export const deviceSentences = [
  "It charges over USB-C in under an hour and shows how much battery is left.",
  "The pods hold the UK maximum of 2 ml at up to 20 mg/ml nicotine.",
  "Puff ratings are lab figures across every pod in the pack; most people will see fewer.",
  "A mesh coil heats evenly, so the first puff of a pod tastes like the last.",
  "There is no button to press and no setting to get wrong: just inhale.",
  "The airflow ring turns from a tight mouth-to-lung draw to a looser one.",
  "Replacement pods are sold in every flavour on the range.",
  "The body is used again and again; only the pods are replaced.",
];
