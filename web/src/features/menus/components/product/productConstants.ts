// The product form's fixed lists (spec §3 and §9).

/** Languages a carte can be translated into; the default one is edited on the 'Général' tab. Swap for the franchise's list later. */
export const TRANSLATION_LANGUAGES = ['fr', 'en', 'es', 'ar', 'tr'] as const;
export const DEFAULT_LANGUAGE = 'fr';
export const LANGUAGE_LABELS: Record<string, string> = { fr: 'Français', en: 'Anglais', es: 'Espagnol', ar: 'Arabe', tr: 'Turc' };
export const translatedLanguages = (): string[] => TRANSLATION_LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

/** The ten default sizes (§9): codes junior 1, senior 2, mega 3, size1..size7 as 4..10. */
export const DEFAULT_SIZES: readonly { id_size: number; name_size: string; label_size: string }[] = [
  'junior',
  'senior',
  'mega',
  'size1',
  'size2',
  'size3',
  'size4',
  'size5',
  'size6',
  'size7',
].map((name, i) => ({ id_size: i + 1, name_size: name, label_size: `Taille ${i + 1}` }));

/** Default printers (§9, DECISIONS): kitchen 2..9 'Prepa 1..8', labels 10..13 'Etiquette 1..4'. */
export const KITCHEN_PRINTERS = Array.from({ length: 8 }, (_, i) => ({ id: i + 2, name: `Prepa ${i + 1}` }));
export const LABEL_PRINTERS = Array.from({ length: 4 }, (_, i) => ({ id: i + 10, name: `Etiquette ${i + 1}` }));
/** Eight screens 'Ecran 1'..'Ecran 8', ids 1..8. */
export const SCREENS = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Ecran ${i + 1}` }));

/** The week as shown, Monday first (§9): Lundi 1 … Dimanche 0. */
export const WEEK_DAYS = [
  { day: 1, label: 'Lundi' },
  { day: 2, label: 'Mardi' },
  { day: 3, label: 'Mercredi' },
  { day: 4, label: 'Jeudi' },
  { day: 5, label: 'Vendredi' },
  { day: 6, label: 'Samedi' },
  { day: 0, label: 'Dimanche' },
] as const;

/** The availability switches, grouped as the 'Disponibilité' tab shows them. */
export const FLAG_GROUPS = [
  {
    title: 'Visibilité',
    hint: 'Où le produit est masqué.',
    flags: [
      { key: 'hidden', label: 'Masqué partout' },
      { key: 'hidden_online', label: 'Masqué en ligne' },
      { key: 'hidden_borne', label: 'Masqué sur la borne' },
      { key: 'hidden_caisse', label: 'Masqué en caisse' },
      { key: 'hidden_ubereat', label: 'Masqué sur Uber Eats' },
    ],
  },
  {
    title: 'Rupture',
    hint: 'Le produit reste affiché mais ne peut plus être commandé.',
    flags: [
      { key: 'sold_out', label: 'En rupture' },
      { key: 'sold_out_temporary', label: 'Rupture temporaire' },
    ],
  },
  {
    title: 'Mise en avant',
    hint: 'Comment le produit est présenté et vendu.',
    flags: [
      { key: 'best_sale', label: 'Meilleure vente' },
      { key: 'top_product', label: 'Produit phare' },
      { key: 'is_menu', label: 'Est un menu' },
      { key: 'free_price', label: 'Prix libre' },
      { key: 'apply_discount', label: 'Remises applicables' },
    ],
  },
  {
    title: 'Modes de vente',
    hint: 'Les modes de commande où le produit est proposé.',
    flags: [
      { key: 'available_on_the_spot', label: 'Sur place' },
      { key: 'available_takeaway', label: 'À emporter' },
      { key: 'available_bar', label: 'Au bar' },
      { key: 'available_delivery', label: 'En livraison' },
      { key: 'available_terasse', label: 'En terrasse' },
      { key: 'available_happy_hour', label: 'Happy hour' },
    ],
  },
] as const;

export const PRODUCT_FLAGS: readonly string[] = FLAG_GROUPS.flatMap((g) => g.flags.map((f) => f.key));

/** The nutrition fields (§3, DECISIONS): six top-level values, two of them with a sub-value. */
export const NUTRITION_FIELDS = [
  { key: 'energy_kcal', label: 'Énergie', unit: 'kcal' },
  { key: 'fat_g', label: 'Matières grasses', unit: 'g', sub: { key: 'saturated_fat_g', label: 'dont acides gras saturés' } },
  { key: 'carbs_g', label: 'Glucides', unit: 'g', sub: { key: 'sugar_g', label: 'dont sucres' } },
  { key: 'fiber_g', label: 'Fibres', unit: 'g' },
  { key: 'protein_g', label: 'Protéines', unit: 'g' },
  { key: 'salt_g', label: 'Sel', unit: 'g' },
] as const;

export const NUTRITION_KEYS: readonly string[] = NUTRITION_FIELDS.flatMap((f) => ('sub' in f ? [f.key, f.sub.key] : [f.key]));

export const UNITS = [
  { value: 'piece', label: 'Pièce' },
  { value: 'kg', label: 'Kilogramme' },
  { value: 'g', label: 'Gramme' },
  { value: 'l', label: 'Litre' },
  { value: 'cl', label: 'Centilitre' },
] as const;

export const PRICE_TYPES = [
  { value: 'per_piece', label: 'À la pièce' },
  { value: 'per_weight', label: 'Au poids' },
] as const;
