/** Every way of writing one channel's address, and addresses that are different channels. */
export const SAME_CHANNEL: Record<string, string[]> = {
  "youtube:@brisagames": [
    "https://www.youtube.com/@BrisaGames",
    "https://youtube.com/@brisagames",
    "https://m.youtube.com/@brisagames/",
    "http://www.youtube.com/@brisagames",
    "https://WWW.YOUTUBE.COM/@BRISAGAMES",
    "https://www.youtube.com/c/BrisaGames",
    "https://www.youtube.com/user/brisagames",
    "https://www.youtube.com/@brisagames?si=abc123&feature=share",
    "https://www.youtube.com/@brisagames#about",
    "https://www.youtube.com/@brisagames/videos",
    "https://www.youtube.com//@brisagames//",
    "https://www.youtube.com:443/@brisagames",
    "https://www.m.youtube.com/@brisagames",
    "  https://youtube.com./@brisagames  ",
  ],
  "youtube:channel/UCaBcD1234": ["https://www.youtube.com/channel/UCaBcD1234", "https://m.youtube.com/channel/UCaBcD1234/featured?x=1"],
  "twitch:luciajuega": ["https://www.twitch.tv/LuciaJuega", "https://twitch.tv/luciajuega/videos", "https://m.twitch.tv/luciajuega/"],
  "tiktok:@mayaplays": ["https://www.tiktok.com/@MayaPlays", "https://m.tiktok.com/@mayaplays?lang=en"],
  "web:reviews.example.org/indie": ["https://Reviews.Example.org/Indie/", "http://www.reviews.example.org/indie?page=2"],
  "web:reviews.example.org": ["https://reviews.example.org", "https://www.reviews.example.org/"],
};
