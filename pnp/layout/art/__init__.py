"""Layout, art: pictures, SVG art and icon sets, read and bounded before anything draws them."""
