import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";

/** The wiki's word on the shop (its page needs the `shop` namespace): removed, and where items come from. */
export function ShopWikiSection({ className }: { className: string }) {
  const { t } = useTranslation("shop");
  const { to } = useLocalePath();
  return (
    <section id="shop" aria-labelledby="shop-heading" className={className}>
      <h2 id="shop-heading" className="text-xl font-bold">
        {t("wiki.title")}
      </h2>
      <p className="mt-2">{t("wiki.text")}</p>
      <Link to={to("/shop")} className="btn btn-outline mt-4">
        {t("wiki.link")}
      </Link>
    </section>
  );
}
