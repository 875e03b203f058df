/** Where the colour theme choice is kept in the browser ("light" or "dark"; absent = follow the system). */
export const THEME_KEY = "ringbinder-theme";

/**
 * Runs before first paint (inline in the document head): puts the "dark" class
 * on <html> for a saved "dark" choice, or when there is none and the system is
 * dark, so a dark page never flashes light.
 */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_KEY}");var d=t==="dark"||(t!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;
