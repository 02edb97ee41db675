mod map;
mod set;
