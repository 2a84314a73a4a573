// Tailwind CSS 4 runs as a PostCSS plugin; it finds class names in the sources itself.
export default {
  plugins: { "@tailwindcss/postcss": {} },
};
