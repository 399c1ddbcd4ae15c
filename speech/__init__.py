"""Speech: what is said and how it is spoken."""
