// Crawlers and link-preview fetchers: they get a status and a minimal body instead of an error page.
const BOT_PATTERN =
  /bot\b|crawler|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|linkedinbot|redditbot|applebot|yandex|baiduspider|duckduckbot|petalbot|semrush|ahrefs|mj12bot|headlesschrome\/.*lighthouse/i

export function isBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent)
}
