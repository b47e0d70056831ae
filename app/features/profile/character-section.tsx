import { useTranslation } from "react-i18next";
import { ArenaRecordCard } from "#app/features/arena/arena-record";
import { ItemPicture, ItemRarityLabel } from "#app/features/character/item-picture";
import { useLocalePath } from "#app/lib/use-locale";
import type { PublicProfile } from "#server/modules/accounts";
import type { ArenaRecord, PublicCharacter } from "#server/modules/character";

/** What the public profile's loader sends for this section. */
export type ProfileCharacterData = { character: PublicCharacter | null; arena: ArenaRecord | null };

/**
 * SPEC §2 /u/{username}: the member's character (class, level, rendered avatar, what they wear) and their arena
 * rating and record. Nothing when they have not picked a class and never fought. Needs `character`, `arena`.
 */
export function ProfileCharacter({ profile, data }: { profile: PublicProfile; data: unknown }) {
  const { t } = useTranslation("character");
  const { locale } = useLocalePath();
  const d = data as ProfileCharacterData | undefined;
  if (!d || (!d.character && !d.arena?.all.played)) return null;
  const c = d.character;
  return (
    <section className="card p-6" aria-labelledby="profile-character">
      <h2 id="profile-character" className="text-xl font-bold">
        {t("profile.heading")}
      </h2>
      {c ? (
        <div className="mt-4 flex flex-col gap-6 sm:flex-row">
          {c.avatar ? (
            <picture className="shrink-0">
              <source srcSet={c.avatar.webp} type="image/webp" />
              <img
                src={c.avatar.png}
                alt={t("profile.avatarAlt", { username: profile.username })}
                width={160}
                height={160}
                loading="lazy"
                className="size-40 rounded-2xl border border-border bg-muted"
              />
            </picture>
          ) : null}
          <div className="min-w-0 flex-1 space-y-3">
            <p className="text-lg font-black">
              {t("profile.classLevel", { characterClass: t(`classes.${c.characterClass}.name`), level: c.level })}
            </p>
            <h3 className="font-semibold">{t("profile.equipped")}</h3>
            {c.equipped.length === 0 ? (
              <p className="text-muted-foreground">{t("profile.nothingWorn", { username: profile.username })}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {c.equipped.map((item) => (
                  <li key={item.slot} className="flex items-center gap-3 rounded-xl border border-border p-2">
                    <ItemPicture item={item} size={40} />
                    <div className="min-w-0">
                      <p className="truncate font-medium">{locale === "es" ? item.nameEs : item.nameEn}</p>
                      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                        {t(`slots.${item.slot}`)}
                        <ItemRarityLabel rarity={item.rarity} label={t(`rarity.${item.rarity}`)} />
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
      {d.arena?.all.played ? (
        <div className="mt-6">
          <ArenaRecordCard record={d.arena} locale={locale} heading={t("profile.arena")} headingLevel={3} />
        </div>
      ) : null}
    </section>
  );
}
