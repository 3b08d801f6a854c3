// The demo store's products. Pictures are small SVGs inlined as data: URLs, so they show in any
// storefront without a file server or network access.
function catalogue() {
  return [
    { title: "Вишиванка", handle: "vyshyvanka", description: "Лляна сорочка з ручною вишивкою.", colors: ["#b71c1c", "#212121"] },
    { title: "Писанка", handle: "pysanka", description: "Розписане дерев'яне яйце.", price: 250, colors: ["#f9a825", "#1565c0"] },
    { title: "Горнятко", handle: "hornyatko", description: "Керамічне горнятко, 350 мл.", price: 420.5, colors: ["#2e7d32", "#fafafa"] },
  ]
}

function picture({ title, colors: [main, accent] }) {
  const diamonds = [0, 1, 2, 3]
    .map((i) => `<path d="M${60 + i * 90} 200 l40 -40 l40 40 l-40 40z" fill="${main}"/>`)
    .join("")
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480"><rect width="480" height="480" fill="#f5f0e6"/><rect x="40" y="140" width="400" height="120" fill="${accent}" opacity="0.15"/>${diamonds}<text x="240" y="340" font-family="sans-serif" font-size="36" text-anchor="middle" fill="${accent}">${title}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}

module.exports = { catalogue, picture }
