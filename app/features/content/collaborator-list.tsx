import { useTranslation } from "react-i18next";
import { Icon } from "#app/components/ui/icon";
import { RowList } from "#app/components/ui/list";

export type CollaboratorView = {
  id: string;
  name: string;
  avatarUrl: string | null;
  twitterUrl: string | null;
  youtubeUrl: string | null;
  twitchUrl: string | null;
  appearances?: number;
};

const NETWORKS = ["twitter", "youtube", "twitch"] as const;

/** A collaborator's picture: their avatar, or the first letter of their name. Decorative: the name is beside it. */
export function CollaboratorAvatar({ c, size = 40 }: { c: CollaboratorView; size?: number }) {
  return c.avatarUrl ? (
    <img src={c.avatarUrl} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-pill object-cover" />
  ) : (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-pill bg-muted font-bold text-muted-foreground"
    >
      {[...c.name][0]?.toUpperCase()}
    </span>
  );
}

/** Who appears in an item, or every collaborator on /about (with `appearances`): rows with their links. */
export function CollaboratorList({ people, label }: { people: CollaboratorView[]; label?: string }) {
  const { t } = useTranslation("content");
  return (
    <RowList label={label}>
      {people.map((c) => (
        // The links go under the name: beside it, a long name and three links leave neither room on a phone.
        <li key={c.id} className="flex items-start gap-3 py-3">
          <CollaboratorAvatar c={c} />
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold">{c.name}</p>
            {c.appearances !== undefined ? (
              <p className="text-sm text-muted-foreground">{t("about.appearances", { count: c.appearances })}</p>
            ) : null}
            <ul className="-ml-2 mt-1 flex flex-wrap gap-1">
              {NETWORKS.map((n) => {
                const href = c[`${n}Url`];
                return href ? (
                  <li key={n}>
                    <a href={href} rel="noopener noreferrer nofollow" target="_blank" className="btn btn-ghost btn-sm">
                      {t(`collaborators.${n}`, { name: c.name })}
                      <Icon name="external-link" size={14} />
                    </a>
                  </li>
                ) : null;
              })}
            </ul>
          </div>
        </li>
      ))}
    </RowList>
  );
}
