"""The menus and shared screens: main menu, game setup, pause, rules, results, settings."""
